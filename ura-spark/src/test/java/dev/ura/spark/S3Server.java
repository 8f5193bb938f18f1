package dev.ura.spark;

import com.amazonaws.auth.AWSStaticCredentialsProvider;
import com.amazonaws.auth.BasicAWSCredentials;
import com.amazonaws.client.builder.AwsClientBuilder;
import com.amazonaws.services.s3.AmazonS3;
import com.amazonaws.services.s3.AmazonS3ClientBuilder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An S3 server on the loopback address: S3Proxy (Maven Central's {@code org.gaul:s3proxy}, its
 * jar-with-dependencies, which the build copies to {@code target/s3-server/}) in a JVM of its own, keeping
 * buckets in memory (jclouds' transient store) and checking every request's AWS signature (V2 or V4)
 * against one key pair, as S3 does. Clients reach it as Hadoop's S3A reaches an S3-compatible store
 * (MinIO, Ceph): {@code fs.s3a.endpoint} and path-style access.
 */
final class S3Server implements AutoCloseable {
    /** The test's key pair: the server accepts only requests signed with it. Not a secret of anyone's. */
    static final String ACCESS_KEY = "ura-test-access";
    static final String SECRET_KEY = "ura-test-secret";
    /** Where the standard credential chains (the AWS SDK's, S3A's default providers) look for the keys. */
    static final Map<String, String> CREDENTIALS_ENV = Map.of("AWS_ACCESS_KEY_ID", ACCESS_KEY,
            "AWS_SECRET_ACCESS_KEY", SECRET_KEY);
    private static final Duration START = Duration.ofSeconds(120);

    private final Process process;
    private final String endpoint;

    private S3Server(Process process, String endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** Starts S3Proxy from {@code jar}, its configuration and log in {@code dir}; returns once it accepts connections. */
    static S3Server start(Path jar, Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(StandaloneCluster.HOST))) {
            port = s.getLocalPort();
        }
        String endpoint = "http://" + StandaloneCluster.HOST + ":" + port;
        Path conf = dir.resolve("s3proxy.properties");
        Files.write(conf, List.of("s3proxy.endpoint=" + endpoint, "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY, "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=transient", "jclouds.identity=" + ACCESS_KEY, "jclouds.credential=" + SECRET_KEY));
        Path log = dir.resolve("s3proxy.log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-jar", jar.toString(), "--properties", conf.toString())
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        S3Server server = new S3Server(p, endpoint);
        long end = System.nanoTime() + START.toNanos();
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(StandaloneCluster.HOST, port), 1000);
                return server;
            } catch (IOException notYet) {
                if (!p.isAlive() || System.nanoTime() > end) {
                    server.close();
                    throw new AssertionError("S3Proxy did not start (" + (p.isAlive() ? "no port after " + START
                            : "ended with " + p.exitValue()) + "):\n" + StandaloneCluster.text(log));
                }
                Thread.sleep(200);
            }
        }
    }

    /** {@code http://127.0.0.1:PORT}: S3A's {@code fs.s3a.endpoint}. */
    String endpoint() {
        return endpoint;
    }

    /** Creates a bucket (S3A reads and writes objects, but makes no bucket), with the AWS SDK that S3A uses. */
    void createBucket(String name) {
        AmazonS3 s3 = AmazonS3ClientBuilder.standard()
                .withEndpointConfiguration(new AwsClientBuilder.EndpointConfiguration(endpoint, "us-east-1"))
                .withPathStyleAccessEnabled(true)
                .withCredentials(new AWSStaticCredentialsProvider(new BasicAWSCredentials(ACCESS_KEY, SECRET_KEY)))
                .build();
        try {
            s3.createBucket(name);
        } finally {
            s3.shutdown();
        }
    }

    /**
     * The bucket through S3A in this JVM, as the job's driver and executors reach it; the keys are given in
     * the configuration here only because a JVM cannot set its own environment.
     */
    FileSystem s3a(String bucket) throws IOException {
        Configuration conf = new Configuration();
        conf.set("fs.s3a.endpoint", endpoint);
        conf.setBoolean("fs.s3a.path.style.access", true);
        conf.set("fs.s3a.access.key", ACCESS_KEY);
        conf.set("fs.s3a.secret.key", SECRET_KEY);
        return FileSystem.newInstance(URI.create("s3a://" + bucket + "/"), conf);
    }

    @Override
    public void close() {
        StandaloneCluster.stop(process);
    }
}
