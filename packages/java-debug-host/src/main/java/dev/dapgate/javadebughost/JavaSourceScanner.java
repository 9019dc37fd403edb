package dev.dapgate.javadebughost;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A lightweight, tolerant scan of a Java source file: finds the package and the line ranges
 * of top-level and member type declarations, so a breakpoint line can be mapped to a binary
 * class name (e.g. {@code pkg.Outer$Inner}). It is not a parser: comments, strings, char
 * literals and text blocks are skipped and braces are counted.
 */
final class JavaSourceScanner {

    /** A type whose body spans the lines [startLine, endLine] (1-based). */
    record TypeSpan(String binaryName, int startLine, int endLine) {
    }

    record Result(String packageName, List<TypeSpan> types) {
        /** The innermost known type containing the line, or null. */
        String typeAtLine(int line) {
            TypeSpan best = null;
            for (TypeSpan t : types) {
                if (line >= t.startLine() && line <= t.endLine()
                        && (best == null || t.startLine() >= best.startLine() && t.endLine() <= best.endLine())) {
                    best = t;
                }
            }
            return best == null ? null : best.binaryName();
        }
    }

    private record Token(String text, int line) {
    }

    private JavaSourceScanner() {
    }

    static Result scan(String source) {
        List<Token> tokens = tokenize(source);
        String packageName = "";
        int i = 0;
        // skip leading annotations on the package declaration (package-info style)
        for (; i < tokens.size(); i++) {
            if (tokens.get(i).text().equals("package")) {
                StringBuilder sb = new StringBuilder();
                int j = i + 1;
                while (j < tokens.size() && !tokens.get(j).text().equals(";")) {
                    sb.append(tokens.get(j).text());
                    j++;
                }
                packageName = sb.toString();
                break;
            }
            String t = tokens.get(i).text();
            if (t.equals("import") || t.equals("class") || t.equals("interface") || t.equals("enum")
                    || t.equals("record") || t.equals("{")) {
                break;
            }
        }

        List<TypeSpan> spans = new ArrayList<>();
        // Each open brace: a type body (name != null) or any other block (name == null).
        Deque<Frame> stack = new ArrayDeque<>();
        String pendingName = null;
        int pendingLine = 0;
        Token prev = null;
        for (int k = 0; k < tokens.size(); k++) {
            Token tok = tokens.get(k);
            String t = tok.text();
            boolean inTypeScope = stack.isEmpty() || stack.peek().binaryName != null;
            if (inTypeScope && pendingName == null && isTypeKeyword(t) && (prev == null || !prev.text().equals("."))
                    && k + 1 < tokens.size() && isIdentifier(tokens.get(k + 1).text())
                    && (!t.equals("record") || k + 2 < tokens.size() && tokens.get(k + 2).text().matches("[(<]"))) {
                pendingName = tokens.get(k + 1).text();
                pendingLine = tok.line();
            } else if (t.equals("{")) {
                if (pendingName != null && inTypeScope) {
                    String outer = stack.isEmpty() ? null : stack.peek().binaryName;
                    String name = outer != null ? outer + "$" + pendingName
                            : packageName.isEmpty() ? pendingName : packageName + "." + pendingName;
                    stack.push(new Frame(name, pendingLine));
                } else {
                    stack.push(new Frame(null, tok.line()));
                }
                pendingName = null;
            } else if (t.equals("}")) {
                if (!stack.isEmpty()) {
                    Frame f = stack.pop();
                    if (f.binaryName != null) {
                        spans.add(new TypeSpan(f.binaryName, f.startLine, tok.line()));
                    }
                }
                pendingName = null;
            } else if (t.equals(";")) {
                pendingName = null;
            }
            prev = tok;
        }
        return new Result(packageName, spans);
    }

    private static final class Frame {
        final String binaryName;
        final int startLine;

        Frame(String binaryName, int startLine) {
            this.binaryName = binaryName;
            this.startLine = startLine;
        }
    }

    private static boolean isTypeKeyword(String t) {
        return t.equals("class") || t.equals("interface") || t.equals("enum") || t.equals("record");
    }

    private static boolean isIdentifier(String t) {
        return !t.isEmpty() && Character.isJavaIdentifierStart(t.charAt(0));
    }

    /** Identifiers, dotted-name pieces and the punctuation the scan cares about. */
    private static List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        int line = 1;
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                i += 2;
                while (i < n && !(s.charAt(i) == '*' && i + 1 < n && s.charAt(i + 1) == '/')) {
                    if (s.charAt(i) == '\n') {
                        line++;
                    }
                    i++;
                }
                i += 2;
            } else if (c == '"' && s.startsWith("\"\"\"", i)) {
                i += 3;
                while (i < n && !s.startsWith("\"\"\"", i)) {
                    if (s.charAt(i) == '\\') {
                        i++;
                    } else if (s.charAt(i) == '\n') {
                        line++;
                    }
                    i++;
                }
                i += 3;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && s.charAt(i) != c && s.charAt(i) != '\n') {
                    if (s.charAt(i) == '\\') {
                        i++;
                    }
                    i++;
                }
                i++;
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(s.charAt(i))) {
                    i++;
                }
                out.add(new Token(s.substring(start, i), line));
            } else if (Character.isDigit(c)) {
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
            } else if (c == '{' || c == '}' || c == ';' || c == '.' || c == '(' || c == '<' || c == '@') {
                out.add(new Token(String.valueOf(c), line));
                i++;
            } else {
                i++;
            }
        }
        return out;
    }
}
