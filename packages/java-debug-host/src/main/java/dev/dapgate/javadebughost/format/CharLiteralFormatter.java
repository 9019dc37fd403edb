package dev.dapgate.javadebughost.format;

import com.microsoft.java.debug.core.adapter.formatter.IValueFormatter;
import com.sun.jdi.CharValue;
import com.sun.jdi.Type;
import com.sun.jdi.Value;

import java.util.Map;

/**
 * A char as a Java literal ({@code '('}, {@code '\n'}, {@code '\u0000'}), where the core's
 * formatter printed it bare: {@code val=(} read as punctuation, a newline as a line break.
 */
final class CharLiteralFormatter implements IValueFormatter {
    @Override
    public String toString(Object value, Map<String, Object> options) {
        return value instanceof CharValue c ? literal(c.value()) : String.valueOf(value);
    }

    @Override
    public boolean acceptType(Type type, Map<String, Object> options) {
        return type != null && type.signature().equals("C");
    }

    /** {@code x}, {@code 'x'} or an escape ({@code '\n'}, {@code '\u0041'}) as the char it writes. */
    @Override
    public Value valueOf(String value, Type type, Map<String, Object> options) {
        String text = value.trim();
        if (text.length() >= 2 && text.startsWith("'") && text.endsWith("'")) {
            text = text.substring(1, text.length() - 1);
        }
        return type.virtualMachine().mirrorOf(unescape(text));
    }

    static String literal(char c) {
        return switch (c) {
            case '\b' -> "'\\b'";
            case '\t' -> "'\\t'";
            case '\n' -> "'\\n'";
            case '\f' -> "'\\f'";
            case '\r' -> "'\\r'";
            case '\'' -> "'\\''";
            case '\\' -> "'\\\\'";
            default -> Character.isISOControl(c) || Character.isSurrogate(c) || !Character.isDefined(c)
                    ? String.format("'\\u%04x'", (int) c)
                    : "'" + c + "'";
        };
    }

    private static char unescape(String text) {
        if (text.length() == 1) {
            return text.charAt(0);
        }
        if (text.startsWith("\\u") && text.length() == 6) {
            return (char) Integer.parseInt(text.substring(2), 16);
        }
        if (text.length() == 2 && text.charAt(0) == '\\') {
            switch (text.charAt(1)) {
                case 'b': return '\b';
                case 't': return '\t';
                case 'n': return '\n';
                case 'f': return '\f';
                case 'r': return '\r';
                case '0': return '\0';
                case '\'': return '\'';
                case '"': return '"';
                case '\\': return '\\';
                default: break;
            }
        }
        throw new IllegalArgumentException("not a char: " + text + " (write it as 'x', '\\n' or '\\u0041')");
    }
}
