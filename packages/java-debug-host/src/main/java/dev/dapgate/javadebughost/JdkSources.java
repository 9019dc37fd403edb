package dev.dapgate.javadebughost;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Sources of JDK classes from the JDK's {@code lib/src.zip} (when the JDK ships it), copied
 * on demand to a cache folder so that frames get an ordinary file path. Without src.zip, JDK
 * frames have no source.
 */
final class JdkSources {
    private final Path zipPath;
    private final Path extractRoot;
    private Map<String, String> entriesByRelativePath;

    JdkSources(Path javaHome, Path cacheRoot) {
        this.zipPath = javaHome.resolve("lib").resolve("src.zip");
        this.extractRoot = cacheRoot.resolve("jdk-sources").resolve(System.getProperty("java.version", "unknown"));
    }

    static JdkSources forThisJdk() {
        String cache = System.getenv("DAPGATE_CACHE_DIR");
        Path cacheRoot = cache != null && !cache.isBlank() ? Paths.get(cache)
            : Paths.get(System.getProperty("user.home"), ".cache", "dapgate");
        return new JdkSources(Paths.get(System.getProperty("java.home")), cacheRoot);
    }

    boolean available() {
        return Files.isRegularFile(zipPath);
    }

    /** The source file for a path like {@code java/lang/Thread.java}, or null. */
    synchronized Path find(String relativePath) {
        if (!available()) {
            return null;
        }
        try (ZipFile zip = new ZipFile(zipPath.toFile())) {
            if (entriesByRelativePath == null) {
                entriesByRelativePath = index(zip);
            }
            String entryName = entriesByRelativePath.get(relativePath);
            if (entryName == null) {
                return null;
            }
            Path target = extractRoot.resolve(entryName).normalize();
            if (!target.startsWith(extractRoot)) {
                return null;
            }
            if (!Files.isRegularFile(target)) {
                Files.createDirectories(target.getParent());
                Path partial = target.resolveSibling(target.getFileName() + ".part");
                try (InputStream in = zip.getInputStream(zip.getEntry(entryName))) {
                    Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return target;
        } catch (IOException | RuntimeException e) {
            Log.warn("cannot read " + relativePath + " from " + zipPath + ": " + e);
            return null;
        }
    }

    /** JDK 9+ src.zip entries start with the module name: java.base/java/lang/Thread.java. */
    private static Map<String, String> index(ZipFile zip) {
        Map<String, String> byRelative = new HashMap<>();
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
            String name = entries.nextElement().getName();
            if (!name.endsWith(".java")) {
                continue;
            }
            int slash = name.indexOf('/');
            boolean modular = slash > 0 && name.substring(0, slash).contains(".");
            byRelative.putIfAbsent(modular ? name.substring(slash + 1) : name, name);
        }
        return byRelative;
    }
}
