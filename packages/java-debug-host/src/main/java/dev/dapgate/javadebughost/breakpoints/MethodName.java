package dev.dapgate.javadebughost.breakpoints;

import com.sun.jdi.Method;

import java.util.ArrayList;
import java.util.List;

/**
 * A function breakpoint's name: {@code Class.method}, {@code pkg.Class.method},
 * {@code pkg.Class#method}, {@code Outer.Inner.method}, optionally with parameter types to pick
 * one overload ({@code Class.method(int, String)}); {@code Class.Class} or {@code Class.<init>}
 * names the constructors. The class may be named simply or fully qualified.
 *
 * @param typeName the class as written, nested classes joined by '.' ({@code Outer.Inner})
 * @param method the method's name
 * @param parameters parameter types as written, or null when any overload matches
 */
public record MethodName(String typeName, String method, List<String> parameters) {

    public static MethodName parse(String text) {
        String s = text == null ? "" : text.strip();
        List<String> params = null;
        int open = s.indexOf('(');
        if (open >= 0) {
            if (!s.endsWith(")")) {
                throw new IllegalArgumentException("'" + text + "': a parameter list ends with ')'");
            }
            String inside = s.substring(open + 1, s.length() - 1).strip();
            params = new ArrayList<>();
            if (!inside.isEmpty()) {
                for (String p : inside.split(",")) {
                    params.add(p.strip().replace("...", "[]"));
                }
            }
            s = s.substring(0, open).strip();
        }
        int cut = s.lastIndexOf('#');
        if (cut < 0) {
            cut = s.lastIndexOf('.');
        }
        if (cut <= 0 || cut == s.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' does not name a class and a method: write Class.method, pkg.Class#method or Class.method(int)");
        }
        String type = s.substring(0, cut).replace('$', '.');
        String method = s.substring(cut + 1);
        if (!type.matches("[\\w.]+") || !method.matches("[\\w$<>]+")) {
            throw new IllegalArgumentException("'" + text + "' is not a Java method name: write Class.method, pkg.Class#method or Class.method(int)");
        }
        return new MethodName(type, method, params);
    }

    /** The class's simple name: the last part of typeName. */
    public String simpleType() {
        return typeName.substring(typeName.lastIndexOf('.') + 1);
    }

    /** One spelling per breakpoint, whichever way it was written. */
    public String canonical() {
        return typeName + "#" + method + (parameters == null ? "" : "(" + String.join(",", parameters) + ")");
    }

    /** Whether a loaded class (its JVM name, such as {@code pkg.Outer$Inner}) is the one named. */
    public boolean matchesType(String jvmName) {
        String dotted = jvmName.replace('$', '.');
        return dotted.equals(typeName) || dotted.endsWith("." + typeName);
    }

    /** Whether a method of the named class is one this name selects. */
    public boolean matchesMethod(Method m) {
        boolean named = m.isConstructor() ? method.equals("<init>") || method.equals(simpleType()) : m.name().equals(method);
        if (!named) {
            return false;
        }
        if (parameters == null) {
            return true;
        }
        List<String> actual = m.argumentTypeNames();
        if (actual.size() != parameters.size()) {
            return false;
        }
        for (int i = 0; i < actual.size(); i++) {
            if (!sameType(actual.get(i), parameters.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameType(String actual, String written) {
        String a = actual.replace('$', '.');
        String w = written.replace('$', '.').replaceAll("<.*>", "").strip();
        return a.equals(w) || a.endsWith("." + w);
    }
}
