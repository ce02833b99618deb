package io.rocklake.kv.store;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Objects in an S3 bucket (or any S3-compatible store) under a key prefix. Create-if-absent is a
 * conditional PUT with {@code If-None-Match: *}; the server answers 412 when the key exists.
 * Throttling and 5xx answers are retried with exponential backoff by the SDK's standard retry mode.
 */
public final class S3ObjectStore implements ObjectStore {
  private final S3Client client;
  private final String bucket;
  private final String prefix;
  private final boolean ownsClient;

  /**
   * Where and how to reach the bucket.
   *
   * @param endpoint null for AWS itself; set for S3-compatible stores
   * @param accessKey null to use the default AWS credential chain
   * @param pathStyle address the bucket in the path (needed by most S3-compatible stores)
   */
  public record Config(
      URI endpoint, String region, String bucket, String prefix, String accessKey, String secretKey, boolean pathStyle, int maxAttempts) {

    public static Config s3Compatible(URI endpoint, String bucket, String prefix, String accessKey, String secretKey) {
      return new Config(endpoint, "us-east-1", bucket, prefix, accessKey, secretKey, true, 5);
    }
  }

  public S3ObjectStore(Config config) {
    this(buildClient(config), config.bucket(), config.prefix(), true);
  }

  public S3ObjectStore(S3Client client, String bucket, String prefix) {
    this(client, bucket, prefix, false);
  }

  private S3ObjectStore(S3Client client, String bucket, String prefix, boolean ownsClient) {
    this.client = client;
    this.bucket = bucket;
    this.prefix = prefix == null || prefix.isEmpty() ? "" : (prefix.endsWith("/") ? prefix : prefix + "/");
    this.ownsClient = ownsClient;
  }

  public static S3Client buildClient(Config config) {
    AwsCredentialsProvider credentials =
        config.accessKey() == null
            ? DefaultCredentialsProvider.builder().build()
            : StaticCredentialsProvider.create(AwsBasicCredentials.create(config.accessKey(), config.secretKey()));
    var builder =
        S3Client.builder()
            // One explicit, dependency-light HTTP client; the others are excluded from the build.
            .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(10)).socketTimeout(Duration.ofSeconds(60)).build())
            .region(Region.of(config.region()))
            .credentialsProvider(credentials)
            // Objects are small byte arrays with a known length: send them in one signed body
            // rather than as aws-chunked streams.
            .serviceConfiguration(
                S3Configuration.builder().pathStyleAccessEnabled(config.pathStyle()).chunkedEncodingEnabled(false).build())
            // Our objects carry their own CRC32C; skip the SDK's streaming checksums, which not every
            // S3-compatible store accepts.
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(config.maxAttempts())));
    if (config.endpoint() != null) {
      builder.endpointOverride(config.endpoint());
    }
    return builder.build();
  }

  private String full(String key) {
    return prefix + key;
  }

  @Override
  public Optional<byte[]> get(String key) {
    try {
      ResponseBytes<GetObjectResponse> bytes = client.getObjectAsBytes(r -> r.bucket(bucket).key(full(key)));
      return Optional.of(bytes.asByteArray());
    } catch (NoSuchKeyException e) {
      return Optional.empty();
    } catch (S3Exception e) {
      if (e.statusCode() == 404) {
        return Optional.empty();
      }
      throw failure("S3 get " + key + " failed: ", e);
    } catch (SdkException e) {
      throw failure("S3 get " + key + " failed: ", e);
    }
  }

  @Override
  public byte[] getRange(String key, long offset, int length) {
    if (length == 0) {
      return new byte[0];
    }
    String range = "bytes=" + offset + "-" + (offset + length - 1);
    try {
      return client.getObjectAsBytes(r -> r.bucket(bucket).key(full(key)).range(range)).asByteArray();
    } catch (NoSuchKeyException e) {
      throw new ObjectNotFoundException(key);
    } catch (S3Exception e) {
      if (e.statusCode() == 404) {
        throw new ObjectNotFoundException(key);
      }
      if (e.statusCode() == 416) {
        return new byte[0]; // the range starts past the end
      }
      throw failure("S3 ranged get " + key + " failed: ", e);
    } catch (SdkException e) {
      throw failure("S3 ranged get " + key + " failed: ", e);
    }
  }

  @Override
  public void put(String key, byte[] data) {
    try {
      client.putObject(r -> r.bucket(bucket).key(full(key)), RequestBody.fromBytes(data));
    } catch (SdkException e) {
      throw failure("S3 put " + key + " failed: ", e);
    }
  }

  @Override
  public boolean putIfAbsent(String key, byte[] data) {
    for (int attempt = 1; ; attempt++) {
      try {
        client.putObject(r -> r.bucket(bucket).key(full(key)).ifNoneMatch("*"), RequestBody.fromBytes(data));
        return true;
      } catch (S3Exception e) {
        if (e.statusCode() == 412) {
          // A retried request whose first attempt landed also answers 412: if the object holds
          // exactly our bytes, this call created it.
          return get(key).map(existing -> Arrays.equals(existing, data)).orElse(false);
        }
        if (e.statusCode() == 409 && attempt < 5) {
          continue; // ConditionalRequestConflict: S3 asks the client to retry the upload
        }
        throw failure("S3 create-if-absent " + key + " failed: ", e);
      } catch (SdkException e) {
        throw failure("S3 create-if-absent " + key + " failed: ", e);
      }
    }
  }

  @Override
  public List<String> list(String keyPrefix) {
    List<String> keys = new ArrayList<>();
    try {
      ListObjectsV2Request request = ListObjectsV2Request.builder().bucket(bucket).prefix(full(keyPrefix)).build();
      for (var page : client.listObjectsV2Paginator(request)) {
        for (S3Object o : page.contents()) {
          keys.add(o.key().substring(prefix.length()));
        }
      }
    } catch (SdkException e) {
      throw failure("S3 list " + keyPrefix + " failed: ", e);
    }
    keys.sort(null);
    return keys;
  }

  @Override
  public void delete(String key) {
    try {
      client.deleteObject(r -> r.bucket(bucket).key(full(key)));
    } catch (SdkException e) {
      throw failure("S3 delete " + key + " failed: ", e);
    }
  }

  /**
   * A 403 is a revoked or missing permission and a 507 (MinIO's XMinioStorageFull, WebDAV's
   * Insufficient Storage) a full backend: typed so the server can say so; anything else is OTHER.
   */
  private static ObjectStoreException failure(String what, SdkException e) {
    StoreFailureReason reason = StoreFailureReason.OTHER;
    if (e instanceof S3Exception s3) {
      reason = s3.statusCode() == 403 ? StoreFailureReason.PERMISSION_DENIED
          : s3.statusCode() == 507 ? StoreFailureReason.NO_SPACE : StoreFailureReason.OTHER;
    }
    return new ObjectStoreException(what + e.getMessage(), reason, e);
  }

  @Override
  public void close() {
    if (ownsClient) {
      client.close();
    }
  }
}
