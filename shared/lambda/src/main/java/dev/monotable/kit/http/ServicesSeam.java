package dev.monotable.kit.http;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;

/**
 * The seam every domain's services share: its declarations, the table its handlers read and write
 * and the token verifier of its OPTIONAL-auth routes, given once to the constructor instead of
 * restated as fields and accessors in each domain. Makes no DynamoDB call itself.
 */
public abstract class ServicesSeam implements DomainServices {

  private final Domain domain;
  private final TableGateway table;
  private final JwtVerifier verifier;

  /**
   * @param domain the domain's declarations
   * @param table the table every data-access class uses
   * @param verifier verifier of bearer tokens for OPTIONAL-auth routes, or null
   */
  protected ServicesSeam(Domain domain, TableGateway table, JwtVerifier verifier) {
    this.domain = domain;
    this.table = table;
    this.verifier = verifier;
  }

  @Override
  public Domain domain() {
    return domain;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}
