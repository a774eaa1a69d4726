package dev.monotable.forge.peer;

import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondarySortKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * An issue as the Enhanced Client maps it: a mutable bean, one getter/setter pair per attribute,
 * annotated with the table's attribute names so it reads and writes Monotable's items.
 */
@DynamoDbBean
public class IssueItem {
  private String pk;
  private String sk;
  private String gsi1pk;
  private String gsi1sk;
  private String gsi4pk;
  private String gsi4sk;
  private String type;
  private String owner;
  private String repo;
  private Integer number;
  private String title;
  private String body;
  private String state;
  private String author;
  private Long commentCount;
  private Map<String, Long> reactions;
  private String closedAt;
  private String createdAt;
  private String updatedAt;
  private Integer schemaVersion;
  private Long version;

  @DynamoDbPartitionKey
  @DynamoDbAttribute("PK")
  public String getPk() {
    return pk;
  }

  public void setPk(String pk) {
    this.pk = pk;
  }

  @DynamoDbSortKey
  @DynamoDbAttribute("SK")
  public String getSk() {
    return sk;
  }

  public void setSk(String sk) {
    this.sk = sk;
  }

  @DynamoDbSecondaryPartitionKey(indexNames = "GSI1")
  @DynamoDbAttribute("GSI1PK")
  public String getGsi1pk() {
    return gsi1pk;
  }

  public void setGsi1pk(String gsi1pk) {
    this.gsi1pk = gsi1pk;
  }

  @DynamoDbSecondarySortKey(indexNames = "GSI1")
  @DynamoDbAttribute("GSI1SK")
  public String getGsi1sk() {
    return gsi1sk;
  }

  public void setGsi1sk(String gsi1sk) {
    this.gsi1sk = gsi1sk;
  }

  @DynamoDbSecondaryPartitionKey(indexNames = "GSI4")
  @DynamoDbAttribute("GSI4PK")
  public String getGsi4pk() {
    return gsi4pk;
  }

  public void setGsi4pk(String gsi4pk) {
    this.gsi4pk = gsi4pk;
  }

  @DynamoDbSecondarySortKey(indexNames = "GSI4")
  @DynamoDbAttribute("GSI4SK")
  public String getGsi4sk() {
    return gsi4sk;
  }

  public void setGsi4sk(String gsi4sk) {
    this.gsi4sk = gsi4sk;
  }

  @DynamoDbAttribute("Type")
  public String getType() {
    return type;
  }

  public void setType(String type) {
    this.type = type;
  }

  @DynamoDbAttribute("Owner")
  public String getOwner() {
    return owner;
  }

  public void setOwner(String owner) {
    this.owner = owner;
  }

  @DynamoDbAttribute("Repo")
  public String getRepo() {
    return repo;
  }

  public void setRepo(String repo) {
    this.repo = repo;
  }

  @DynamoDbAttribute("Number")
  public Integer getNumber() {
    return number;
  }

  public void setNumber(Integer number) {
    this.number = number;
  }

  @DynamoDbAttribute("Title")
  public String getTitle() {
    return title;
  }

  public void setTitle(String title) {
    this.title = title;
  }

  @DynamoDbAttribute("Body")
  public String getBody() {
    return body;
  }

  public void setBody(String body) {
    this.body = body;
  }

  @DynamoDbAttribute("State")
  public String getState() {
    return state;
  }

  public void setState(String state) {
    this.state = state;
  }

  @DynamoDbAttribute("Author")
  public String getAuthor() {
    return author;
  }

  public void setAuthor(String author) {
    this.author = author;
  }

  @DynamoDbAttribute("CommentCount")
  public Long getCommentCount() {
    return commentCount;
  }

  public void setCommentCount(Long commentCount) {
    this.commentCount = commentCount;
  }

  @DynamoDbAttribute("Reactions")
  public Map<String, Long> getReactions() {
    return reactions;
  }

  public void setReactions(Map<String, Long> reactions) {
    this.reactions = reactions;
  }

  @DynamoDbAttribute("ClosedAt")
  public String getClosedAt() {
    return closedAt;
  }

  public void setClosedAt(String closedAt) {
    this.closedAt = closedAt;
  }

  @DynamoDbAttribute("CreatedAt")
  public String getCreatedAt() {
    return createdAt;
  }

  public void setCreatedAt(String createdAt) {
    this.createdAt = createdAt;
  }

  @DynamoDbAttribute("UpdatedAt")
  public String getUpdatedAt() {
    return updatedAt;
  }

  public void setUpdatedAt(String updatedAt) {
    this.updatedAt = updatedAt;
  }

  @DynamoDbAttribute("SchemaVersion")
  public Integer getSchemaVersion() {
    return schemaVersion;
  }

  public void setSchemaVersion(Integer schemaVersion) {
    this.schemaVersion = schemaVersion;
  }

  @DynamoDbAttribute("Version")
  public Long getVersion() {
    return version;
  }

  public void setVersion(Long version) {
    this.version = version;
  }
}
