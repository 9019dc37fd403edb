package dev.dapgate.javadebughost.format;

import com.microsoft.java.debug.core.adapter.formatter.StringObjectFormatter;
import com.sun.jdi.StringReference;

import java.util.Map;

/**
 * A String as a Java literal ({@code "a\r\nb"}, {@code "C:\\dir"}, {@code "say \"hi\""}), where the
 * core's formatter put the raw text between quotes: a CR, tab or backspace came out as itself
 * (lost when the line was shown), a backslash or quote inside read as an escape or the end.
 */
final class StringLiteralFormatter extends StringObjectFormatter {
    /** The core's String formatter, still registered beneath this one, gives the same options: twice they conflict. */
    @Override
    public Map<String, Object> getDefaultOptions() {
        return Map.of();
    }

    @Override
    public String toString(Object value, Map<String, Object> options) {
        if (!(value instanceof StringReference s)) {
            return super.toString(value, options);
        }
        String text = s.value();
        int max = options != null && options.get(MAX_STRING_LENGTH_OPTION) instanceof Number n ? n.intValue() : 0;
        boolean cut = max > 3 && text.length() > max;
        return literal(cut ? text.substring(0, max - 3) : text) + (cut ? "..." : "");
    }

    static String literal(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
                    if (pair) {
                        out.append(c).append(text.charAt(++i));
                    } else if (Character.isISOControl(c) || Character.isSurrogate(c) || !Character.isDefined(c)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
