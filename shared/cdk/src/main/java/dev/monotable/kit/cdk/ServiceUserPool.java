package dev.monotable.kit.cdk;

import java.util.List;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.AutoVerifiedAttrs;
import software.amazon.awscdk.services.cognito.FeaturePlan;
import software.amazon.awscdk.services.cognito.Mfa;
import software.amazon.awscdk.services.cognito.MfaSecondFactor;
import software.amazon.awscdk.services.cognito.PasswordPolicy;
import software.amazon.awscdk.services.cognito.SignInAliases;
import software.amazon.awscdk.services.cognito.StandardAttribute;
import software.amazon.awscdk.services.cognito.StandardAttributes;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;
import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.constructs.Construct;

/**
 * The default token issuer: a Cognito user pool whose users sign in with their username in the domain,
 * and one public app client. Access tokens of this client carry the {@code username} claim the
 * handlers read and {@code client_id}, which the HTTP API's JWT authorizer matches against
 * {@link #getAudience()}.
 */
public final class ServiceUserPool extends Construct {

  private final UserPool userPool;
  private final UserPoolClient client;

  public ServiceUserPool(Construct scope, String id, Props props) {
    super(scope, id);
    this.userPool = UserPool.Builder.create(this, "UserPool")
        .selfSignUpEnabled(true)
        // The Cognito username is the domain's username, so the token's `username` claim names the caller.
        .signInAliases(SignInAliases.builder().username(true).email(true).build())
        .signInCaseSensitive(false)
        .autoVerify(AutoVerifiedAttrs.builder().email(true).build())
        .standardAttributes(StandardAttributes.builder()
            .email(StandardAttribute.builder().required(true).mutable(true).build())
            .build())
        .passwordPolicy(PasswordPolicy.builder()
            .minLength(12)
            .requireLowercase(true)
            .requireUppercase(true)
            .requireDigits(true)
            .requireSymbols(true)
            .tempPasswordValidity(Duration.days(3))
            .build())
        .mfa(Mfa.OPTIONAL)
        .mfaSecondFactor(MfaSecondFactor.builder().otp(true).sms(false).build())
        .accountRecovery(AccountRecovery.EMAIL_ONLY)
        .featurePlan(FeaturePlan.ESSENTIALS)
        .deletionProtection(props.retainUsers)
        .removalPolicy(props.retainUsers ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
        .build();
    NagSuppressions.addResourceSuppressions(userPool, List.of(
        NagPackSuppression.builder().id("AwsSolutions-COG2")
            .reason("MFA is optional (TOTP offered): self sign-up users of a reference API must be able "
                + "to get a token from a script; require it per stage by changing Mfa to REQUIRED.")
            .build(),
        NagPackSuppression.builder().id("AwsSolutions-COG3")
            .reason("Threat protection (advanced security) needs the PLUS feature plan, billed per "
                + "monthly active user; not justified for a reference deployment.")
            .build()));

    this.client = userPool.addClient("ApiClient", UserPoolClientOptions.builder()
        // SRP for apps; USER_PASSWORD_AUTH so `aws cognito-idp initiate-auth` can fetch a token
        // for curl (infra/README.md). No OAuth hosted UI, so no callback URLs to manage.
        .authFlows(AuthFlow.builder().userSrp(true).userPassword(true).build())
        .disableOAuth(true)
        .generateSecret(false)
        .preventUserExistenceErrors(true)
        .enableTokenRevocation(true)
        .accessTokenValidity(Duration.hours(1))
        .idTokenValidity(Duration.hours(1))
        .refreshTokenValidity(Duration.days(30))
        .build());
  }

  public UserPool getUserPool() {
    return userPool;
  }

  public UserPoolClient getClient() {
    return client;
  }

  /** Issuer URL of the pool's tokens ({@code iss} claim). */
  public String getIssuer() {
    return "https://cognito-idp." + Stack.of(this).getRegion() + ".amazonaws.com/" + userPool.getUserPoolId();
  }

  /** Accepted audience: the app client id ({@code client_id} of access tokens, {@code aud} of id tokens). */
  public String getAudience() {
    return client.getUserPoolClientId();
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link ServiceUserPool}. */
  public static final class Props {
    final boolean retainUsers;

    private Props(Builder b) {
      this.retainUsers = b.retainUsers;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private boolean retainUsers = true;

      /**
       * Deletion protection on and the pool kept when the stack is deleted.
       *
       * @default true
       */
      public Builder retainUsers(boolean retainUsers) {
        this.retainUsers = retainUsers;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
