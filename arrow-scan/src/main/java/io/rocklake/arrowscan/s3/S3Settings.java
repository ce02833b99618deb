package io.rocklake.arrowscan.s3;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * How to reach the object store that holds a lake's files.
 *
 * @param endpoint null for AWS itself; set for S3-compatible stores (MinIO, R2, S3Mock, ...)
 * @param region the signing region
 * @param accessKey null to use the SDK's default credential chain (env, profile, instance role, ...)
 * @param secretKey the secret of {@code accessKey}
 * @param sessionToken the session token of temporary credentials, or null
 * @param pathStyle address the bucket in the path rather than the host (most S3-compatible stores)
 * @param maxAttempts attempts per request, the SDK's standard retry mode (throttling, 5xx, I/O)
 */
public record S3Settings(URI endpoint, String region, String accessKey, String secretKey, String sessionToken,
    boolean pathStyle, int maxAttempts) {

  public S3Settings {
    if (region == null || region.isBlank()) {
      throw new IllegalArgumentException("an S3 region is needed");
    }
    if ((accessKey == null) != (secretKey == null)) {
      throw new IllegalArgumentException("an S3 access key needs its secret key, and a secret key its access key");
    }
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1, not " + maxAttempts);
    }
  }

  /** An S3-compatible store at {@code endpoint} with static keys, path-style, region us-east-1. */
  public static S3Settings s3Compatible(URI endpoint, String accessKey, String secretKey) {
    return new S3Settings(endpoint, "us-east-1", accessKey, secretKey, null, true, 5);
  }

  /**
   * The settings the standard AWS variables give, interpreted as the server interprets them for an
   * {@code s3://} catalog (facade's CatalogLocation): {@code AWS_ENDPOINT_URL_S3}, else
   * {@code AWS_ENDPOINT_URL}, is an S3-compatible store, addressed path-style; {@code AWS_REGION},
   * else {@code AWS_DEFAULT_REGION}, else us-east-1; {@code AWS_ACCESS_KEY_ID} with
   * {@code AWS_SECRET_ACCESS_KEY} (and {@code AWS_SESSION_TOKEN}, if set), else the default chain.
   */
  public static S3Settings fromEnvironment(Map<String, String> env) {
    String endpoint = env.getOrDefault("AWS_ENDPOINT_URL_S3", env.get("AWS_ENDPOINT_URL"));
    String region = env.getOrDefault("AWS_REGION", env.getOrDefault("AWS_DEFAULT_REGION", "us-east-1"));
    String accessKey = env.get("AWS_ACCESS_KEY_ID");
    String secretKey = env.get("AWS_SECRET_ACCESS_KEY");
    if (accessKey == null || secretKey == null) {
      // Half a key pair is left to the default chain, which reports what is missing.
      accessKey = null;
      secretKey = null;
    }
    return new S3Settings(endpoint == null ? null : URI.create(endpoint), region, accessKey, secretKey,
        accessKey == null ? null : env.get("AWS_SESSION_TOKEN"), endpoint != null, 5);
  }

  /** A client with these settings; the caller closes it. */
  public S3Client client() {
    AwsCredentialsProvider credentials = accessKey == null
        ? DefaultCredentialsProvider.builder().build()
        : StaticCredentialsProvider.create(sessionToken == null
            ? AwsBasicCredentials.create(accessKey, secretKey)
            : AwsSessionCredentials.create(accessKey, secretKey, sessionToken));
    var builder = S3Client.builder()
        // The same dependency-light HTTP client as kv-store; the other transports are excluded.
        .httpClient(UrlConnectionHttpClient.builder()
            .connectionTimeout(Duration.ofSeconds(10)).socketTimeout(Duration.ofSeconds(60)).build())
        .region(Region.of(region))
        .credentialsProvider(credentials)
        .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(pathStyle).build())
        // A ranged GET has no whole-object checksum to validate; Parquet pages carry their own.
        .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
        .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
        .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(maxAttempts)));
    if (endpoint != null) {
      builder.endpointOverride(endpoint);
    }
    return builder.build();
  }

  @Override
  public String toString() {
    // Never print the keys.
    return "S3Settings[endpoint=" + endpoint + ", region=" + region + ", credentials="
        + (accessKey == null ? "default chain" : "static") + ", pathStyle=" + pathStyle + "]";
  }
}
