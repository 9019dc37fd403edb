package dev.dapgate.javadebughost.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * A logpoint message such as {@code "i={i}, sq={i*i}"}: literal text with {@code {expr}}
 * holes. Braces inside string/char literals of an expression are allowed; an unmatched
 * '{' is kept as text.
 */
public final class LogTemplate {
    /** Literal text (expression == null) or an expression hole. */
    public record Part(String text, String expression) {
    }

    private final List<Part> parts;

    private LogTemplate(List<Part> parts) {
        this.parts = parts;
    }

    public List<Part> parts() {
        return parts;
    }

    public static LogTemplate parse(String message) {
        List<Part> parts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int i = 0;
        int n = message.length();
        while (i < n) {
            char c = message.charAt(i);
            if (c == '{') {
                int end = matchingBrace(message, i);
                if (end > 0) {
                    if (text.length() > 0) {
                        parts.add(new Part(text.toString(), null));
                        text.setLength(0);
                    }
                    parts.add(new Part(message.substring(i, end + 1), message.substring(i + 1, end)));
                    i = end + 1;
                    continue;
                }
            }
            text.append(c);
            i++;
        }
        if (text.length() > 0) {
            parts.add(new Part(text.toString(), null));
        }
        return new LogTemplate(parts);
    }

    private static int matchingBrace(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                i++;
                while (i < s.length() && s.charAt(i) != c) {
                    if (s.charAt(i) == '\\') {
                        i++;
                    }
                    i++;
                }
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
                if (depth == 0) {
                    return i;
                }
            }
        }
        return -1;
    }
}
