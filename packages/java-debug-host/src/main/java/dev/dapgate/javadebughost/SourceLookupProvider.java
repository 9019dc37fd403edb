package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.ISourceLookUpProvider;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Maps source files to binary class names (for breakpoints) and class names back to source
 * files (for stack frames), using only the file system: no project model is involved.
 */
final class SourceLookupProvider implements ISourceLookUpProvider {
    private static final int SEARCH_MAX_DEPTH = 12;
    private static final int SEARCH_MAX_FILES = 20_000;

    private volatile IDebugAdapterContext context;
    /** Source roots learned from files that breakpoints were set in (insertion ordered). */
    private final Set<Path> learnedRoots = ConcurrentHashMap.newKeySet();
    private final Map<Path, CachedScan> scans = new ConcurrentHashMap<>();
    /** The launch's or attach's cwd and class path folders: sources often sit there. */
    private final Set<Path> sessionRoots = ConcurrentHashMap.newKeySet();
    private final JdkSources jdkSources = JdkSources.forThisJdk();

    private record CachedScan(long modified, long size, JavaSourceScanner.Result result) {
    }

    private static final long INDEX_TTL_MS = 10_000;
    private final Map<Path, RootIndex> indexes = new ConcurrentHashMap<>();

    private record RootIndex(long builtAt, Map<String, List<Path>> byName) {
    }

    @Override
    public void initialize(IDebugAdapterContext debugContext, Map<String, Object> options) {
        this.context = debugContext;
    }

    /** Folders of the session (cwd, class path directories) to search for sources. */
    void addSessionRoots(List<String> folders) {
        for (String folder : folders) {
            Path path = toPath(folder);
            if (path != null && Files.isDirectory(path)) {
                sessionRoots.add(path.toAbsolutePath().normalize());
            }
        }
    }

    @Override
    public boolean supportsRealtimeBreakpointVerification() {
        // false: a breakpoint is reported verified only once the core has installed it in a
        // loaded class (a "breakpoint" changed event follows), which tells the client whether
        // the line really has code.
        return false;
    }

    @Override
    public String[] getFullyQualifiedName(String uri, int[] lines, int[] columns) {
        String[] result = new String[lines.length];
        Path file = toPath(uri);
        if (file == null) {
            Log.warn("cannot map breakpoint source to a class: " + uri);
            return result;
        }
        String fileName = file.getFileName() == null ? "" : file.getFileName().toString();
        String baseName = fileName.endsWith(".java") ? fileName.substring(0, fileName.length() - 5) : fileName;
        JavaSourceScanner.Result scan = scan(file);
        String pkg = scan == null ? "" : scan.packageName();
        String primary = pkg.isEmpty() ? baseName : pkg + "." + baseName;
        learnRoot(file, pkg);
        for (int i = 0; i < lines.length; i++) {
            String name = scan == null ? null : scan.typeAtLine(lines[i]);
            result[i] = name != null ? name : primary;
        }
        Log.debug("breakpoint classes for " + file + ": " + String.join(", ", result));
        return result;
    }

    @Override
    public String getSourceFileURI(String fullyQualifiedName, String sourcePath) {
        String relative = sourcePath;
        if (relative == null || relative.isBlank()) {
            String top = fullyQualifiedName;
            int dollar = top.indexOf('$');
            if (dollar > 0) {
                top = top.substring(0, dollar);
            }
            relative = top.replace('.', '/') + ".java";
        }
        relative = relative.replace('\\', '/');
        String pkgDir = relative.contains("/") ? relative.substring(0, relative.lastIndexOf('/')) : "";
        String fileName = relative.substring(relative.lastIndexOf('/') + 1);

        List<Path> roots = roots();
        for (Path root : roots) {
            Path candidate = root.resolve(relative);
            if (Files.isRegularFile(candidate)) {
                return candidate.toAbsolutePath().normalize().toUri().toString();
            }
        }
        // Flat layouts: the file sits directly in a root whatever its package.
        for (Path root : roots) {
            Path candidate = root.resolve(fileName);
            if (Files.isRegularFile(candidate) && packageMatches(candidate, pkgDir)) {
                return candidate.toAbsolutePath().normalize().toUri().toString();
            }
        }
        for (Path root : roots) {
            Path found = search(root, fileName, pkgDir);
            if (found != null) {
                return found.toAbsolutePath().normalize().toUri().toString();
            }
        }
        Path jdk = jdkSources.find(relative);
        return jdk == null ? null : jdk.toUri().toString();
    }

    @Override
    public String getSourceContents(String uri) {
        Path file = toPath(uri);
        if (file == null) {
            return "";
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            try {
                return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            } catch (IOException | RuntimeException e2) {
                return "";
            }
        }
    }

    @Override
    public String getJavaRuntimeVersion(String projectName) {
        // null: the core would otherwise warn whenever the debuggee's JVM differs from ours,
        // which is harmless here (no compiler-based source mapping is involved).
        return null;
    }

    private List<Path> roots() {
        Set<Path> roots = new LinkedHashSet<>();
        IDebugAdapterContext ctx = context;
        String[] sourcePaths = ctx == null ? null : ctx.getSourcePaths();
        if (sourcePaths != null) {
            for (String p : sourcePaths) {
                Path path = toPath(p);
                if (path != null) {
                    roots.add(path.toAbsolutePath().normalize());
                }
            }
        }
        roots.addAll(learnedRoots);
        roots.addAll(sessionRoots);
        roots.add(Paths.get("").toAbsolutePath().normalize());
        List<Path> existing = new ArrayList<>();
        for (Path r : roots) {
            if (Files.isDirectory(r)) {
                existing.add(r);
            }
        }
        return existing;
    }

    private void learnRoot(Path file, String pkg) {
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (dir == null) {
            return;
        }
        learnedRoots.add(dir);
        if (!pkg.isEmpty()) {
            Path root = dir;
            String[] parts = pkg.split("\\.");
            for (int i = parts.length - 1; i >= 0 && root != null; i--) {
                if (root.getFileName() == null || !root.getFileName().toString().equals(parts[i])) {
                    return;
                }
                root = root.getParent();
            }
            if (root != null) {
                learnedRoots.add(root);
            }
        }
    }

    private JavaSourceScanner.Result scan(Path file) {
        try {
            long modified = Files.getLastModifiedTime(file).toMillis();
            long size = Files.size(file);
            CachedScan cached = scans.get(file);
            if (cached != null && cached.modified() == modified && cached.size() == size) {
                return cached.result();
            }
            JavaSourceScanner.Result result = JavaSourceScanner.scan(getSourceContents(file.toUri().toString()));
            scans.put(file, new CachedScan(modified, size, result));
            return result;
        } catch (IOException | RuntimeException e) {
            Log.warn("cannot read " + file + ": " + e);
            return null;
        }
    }

    private boolean packageMatches(Path file, String pkgDir) {
        JavaSourceScanner.Result scan = scan(file);
        return scan == null || scan.packageName().replace('.', '/').equals(pkgDir);
    }

    /** Bounded search under a root for a file with this name whose package matches. */
    private Path search(Path root, String fileName, String pkgDir) {
        for (Path file : index(root).byName().getOrDefault(fileName, List.of())) {
            if (Files.isRegularFile(file) && packageMatches(file, pkgDir)) {
                return file;
            }
        }
        return null;
    }

    /**
     * The root's files by name, walked once per {@link #INDEX_TTL_MS}: a stack read asks for
     * every frame's source, and a walk per frame without one (the JDK's, a library's) cost seconds
     * a stop under a large working folder.
     */
    private RootIndex index(Path root) {
        RootIndex cached = indexes.get(root);
        if (cached != null && System.currentTimeMillis() - cached.builtAt() < INDEX_TTL_MS) {
            return cached;
        }
        synchronized (indexes) {
            cached = indexes.get(root);
            if (cached != null && System.currentTimeMillis() - cached.builtAt() < INDEX_TTL_MS) {
                return cached;
            }
            RootIndex built = new RootIndex(System.currentTimeMillis(), walk(root));
            indexes.put(root, built);
            return built;
        }
    }

    private static Map<String, List<Path>> walk(Path root) {
        Map<String, List<Path>> byName = new HashMap<>();
        int[] visited = new int[1];
        try {
            Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), SEARCH_MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    if (!dir.equals(root) && (name.startsWith(".") || name.equals("node_modules"))) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (++visited[0] > SEARCH_MAX_FILES) {
                        return FileVisitResult.TERMINATE;
                    }
                    byName.computeIfAbsent(file.getFileName().toString(), k -> new ArrayList<>()).add(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | RuntimeException e) {
            Log.debug("source search under " + root + " failed: " + e);
        }
        return byName;
    }

    static Path toPath(String uriOrPath) {
        if (uriOrPath == null || uriOrPath.isBlank()) {
            return null;
        }
        try {
            if (uriOrPath.startsWith("file:")) {
                return Paths.get(URI.create(uriOrPath));
            }
            return Paths.get(uriOrPath);
        } catch (RuntimeException e) {
            if (uriOrPath.startsWith("file://")) {
                try {
                    return Paths.get(uriOrPath.substring("file://".length()));
                } catch (RuntimeException e2) {
                    return null;
                }
            }
            return null;
        }
    }
}
