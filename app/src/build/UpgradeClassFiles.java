import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Build step (app/pom.xml, after the shade plugin): rewrites the Java 5 class files (major version
 * 49) under the given package prefix in a jar as Java 8 class files (52) with stack map frames
 * computed by ASM. picocli is compiled for Java 5, and a JVM's class-data-sharing archive refuses
 * class files older than Java 6 ("Pre JDK 6 class not supported by CDS"), and then every class
 * linked against them too ("Old class has been linked": ura's command classes, lambdas and
 * annotation proxies): about 200 classes loaded, parsed and verified from the jar at every start.
 * Only the version and the frames change; the bytecode is the same. Run with the source launcher:
 * {@code java -cp BYTE_BUDDY:PICOCLI UpgradeClassFiles.java JAR PREFIX} (picocli on the class path
 * so that ASM can find common superclasses when it merges frames).
 */
public final class UpgradeClassFiles {
    private static final int JAVA_8 = Opcodes.V1_8;

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: UpgradeClassFiles JAR PACKAGE_PREFIX (e.g. picocli/)");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        String prefix = args[1];
        Path tmp = jar.resolveSibling(jar.getFileName() + ".upgrading");
        int upgraded = 0;
        try (ZipFile in = new ZipFile(jar.toFile()); OutputStream os = Files.newOutputStream(tmp);
             ZipOutputStream out = new ZipOutputStream(os)) {
            for (Enumeration<? extends ZipEntry> e = in.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                byte[] bytes;
                try (InputStream is = in.getInputStream(entry)) {
                    bytes = is.readAllBytes();
                }
                if (!entry.isDirectory() && entry.getName().startsWith(prefix) && entry.getName().endsWith(".class")
                        && major(bytes) < 50) {
                    bytes = upgrade(bytes, entry.getName());
                    upgraded++;
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime()); // same dates: two builds of one commit stay alike
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        }
        if (upgraded == 0) {
            Files.delete(tmp);
            System.err.println("UpgradeClassFiles: no class file older than Java 6 under " + prefix + " in " + jar
                    + " (already upgraded, or the library now targets a newer Java)");
            return;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("UpgradeClassFiles: " + upgraded + " class files under " + prefix + " in " + jar.getFileName()
                + " now Java 8 class files (for class-data sharing)");
    }

    private static int major(byte[] c) {
        return c.length < 8 ? Integer.MAX_VALUE : (c[6] & 0xFF) << 8 | (c[7] & 0xFF);
    }

    private static byte[] upgrade(byte[] bytes, String name) {
        ClassReader reader = new ClassReader(bytes);
        // COMPUTE_FRAMES also recomputes max stack and locals; it throws on JSR/RET, which a
        // Java 8 class file cannot hold, so a class that needs more than frames fails the build.
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int version, int access, String n, String signature, String superName,
                              String[] interfaces) {
                super.visit(JAVA_8, access, n, signature, superName, interfaces);
            }
        }, ClassReader.SKIP_FRAMES);
        byte[] out = writer.toByteArray();
        if (major(out) != 52) {
            throw new IllegalStateException(name + ": not rewritten");
        }
        return out;
    }
}
