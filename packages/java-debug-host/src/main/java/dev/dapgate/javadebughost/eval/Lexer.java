package dev.dapgate.javadebughost.eval;

import java.util.ArrayList;
import java.util.List;

/** Splits a Java expression into tokens. */
final class Lexer {
    enum Kind { IDENT, LITERAL, OP, EOF }

    record Token(Kind kind, String text, Object value, int pos) {
        boolean is(String s) {
            return kind == Kind.OP && text.equals(s) || kind == Kind.IDENT && text.equals(s);
        }
    }

    private static final String[] OPERATORS = {
        ">>>=", "<<=", ">>=", ">>>", "...", "->", "::", "++", "--", "&&", "||", "==", "!=", "<=", ">=",
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>",
        "+", "-", "*", "/", "%", "<", ">", "=", "!", "&", "|", "^", "~", "?", ":", ";", ".", ",",
        "(", ")", "[", "]", "{", "}", "@",
    };

    private final String src;
    private int pos;

    private Lexer(String src) {
        this.src = src;
    }

    static List<Token> tokenize(String src) throws EvalException {
        Lexer lexer = new Lexer(src);
        List<Token> tokens = new ArrayList<>();
        Token t;
        do {
            t = lexer.next();
            tokens.add(t);
        } while (t.kind() != Kind.EOF);
        return tokens;
    }

    private Token next() throws EvalException {
        skipSpace();
        int start = pos;
        if (pos >= src.length()) {
            return new Token(Kind.EOF, "<end>", null, pos);
        }
        char c = src.charAt(pos);
        if (Character.isJavaIdentifierStart(c)) {
            while (pos < src.length() && Character.isJavaIdentifierPart(src.charAt(pos))) {
                pos++;
            }
            return new Token(Kind.IDENT, src.substring(start, pos), null, start);
        }
        if (Character.isDigit(c) || c == '.' && pos + 1 < src.length() && Character.isDigit(src.charAt(pos + 1))) {
            return number();
        }
        if (c == '"') {
            if (src.startsWith("\"\"\"", pos)) {
                throw new EvalException("text blocks (\"\"\") are not supported", true);
            }
            pos++;
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= src.length()) {
                    throw new EvalException("unterminated string literal", true);
                }
                char ch = src.charAt(pos);
                if (ch == '"') {
                    pos++;
                    break;
                }
                if (ch == '\\') {
                    sb.append(escape());
                } else {
                    sb.append(ch);
                    pos++;
                }
            }
            return new Token(Kind.LITERAL, src.substring(start, pos), sb.toString(), start);
        }
        if (c == '\'') {
            pos++;
            if (pos >= src.length()) {
                throw new EvalException("unterminated char literal", true);
            }
            char value;
            if (src.charAt(pos) == '\\') {
                value = escape();
            } else {
                value = src.charAt(pos++);
            }
            if (pos >= src.length() || src.charAt(pos) != '\'') {
                throw new EvalException("malformed char literal", true);
            }
            pos++;
            return new Token(Kind.LITERAL, src.substring(start, pos), value, start);
        }
        for (String op : OPERATORS) {
            if (src.startsWith(op, pos)) {
                pos += op.length();
                return new Token(Kind.OP, op, null, start);
            }
        }
        throw new EvalException("unexpected character '" + c + "' at position " + (start + 1), true);
    }

    private void skipSpace() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (src.startsWith("//", pos)) {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (src.startsWith("/*", pos)) {
                int end = src.indexOf("*/", pos + 2);
                pos = end < 0 ? src.length() : end + 2;
            } else {
                return;
            }
        }
    }

    private char escape() throws EvalException {
        pos++; // backslash
        if (pos >= src.length()) {
            throw new EvalException("unterminated escape sequence", true);
        }
        char e = src.charAt(pos++);
        switch (e) {
            case 'n': return '\n';
            case 't': return '\t';
            case 'r': return '\r';
            case 'b': return '\b';
            case 'f': return '\f';
            case 's': return ' ';
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
                int v = e - '0';
                int max = e <= '3' ? 2 : 1;
                for (int i = 0; i < max && pos < src.length() && src.charAt(pos) >= '0' && src.charAt(pos) <= '7'; i++) {
                    v = v * 8 + (src.charAt(pos++) - '0');
                }
                return (char) v;
            }
            case 'u': {
                while (pos < src.length() && src.charAt(pos) == 'u') {
                    pos++;
                }
                if (pos + 4 > src.length()) {
                    throw new EvalException("malformed \\u escape", true);
                }
                try {
                    char v = (char) Integer.parseInt(src.substring(pos, pos + 4), 16);
                    pos += 4;
                    return v;
                } catch (NumberFormatException ex) {
                    throw new EvalException("malformed \\u escape", true);
                }
            }
            case '\\': case '\'': case '"': return e;
            default: throw new EvalException("illegal escape character '\\" + e + "'", true);
        }
    }

    private Token number() throws EvalException {
        int start = pos;
        String lower;
        boolean hex = src.startsWith("0x", pos) || src.startsWith("0X", pos);
        boolean bin = src.startsWith("0b", pos) || src.startsWith("0B", pos);
        if (hex || bin) {
            pos += 2;
            while (pos < src.length() && (Character.digit(src.charAt(pos), hex ? 16 : 2) >= 0 || src.charAt(pos) == '_')) {
                pos++;
            }
        } else {
            while (pos < src.length()) {
                char c = src.charAt(pos);
                if (Character.isDigit(c) || c == '_' || c == '.') {
                    pos++;
                } else if ((c == 'e' || c == 'E')) {
                    pos++;
                    if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                        pos++;
                    }
                } else {
                    break;
                }
            }
        }
        char suffix = pos < src.length() ? Character.toLowerCase(src.charAt(pos)) : 0;
        if (suffix == 'l' || (!hex && !bin && (suffix == 'f' || suffix == 'd'))) {
            pos++;
        } else {
            suffix = 0;
        }
        if (pos < src.length() && Character.isJavaIdentifierPart(src.charAt(pos))) {
            throw new EvalException("malformed number at position " + (start + 1), true);
        }
        String text = src.substring(start, pos);
        String digits = (suffix != 0 ? text.substring(0, text.length() - 1) : text).replace("_", "");
        lower = digits.toLowerCase();
        Object value;
        try {
            if (hex || bin) {
                String body = lower.substring(2);
                long v = Long.parseUnsignedLong(body, hex ? 16 : 2);
                if (suffix == 'l') {
                    value = v;
                } else if ((v >>> 32) == 0) {
                    value = (int) v;
                } else {
                    throw new EvalException("integer number too large: " + text, true);
                }
            } else if (suffix == 'f') {
                value = Float.parseFloat(lower);
            } else if (suffix == 'd' || lower.contains(".") || lower.contains("e")) {
                value = Double.parseDouble(lower);
            } else if (suffix == 'l') {
                value = Long.parseLong(lower);
            } else {
                long v = Long.parseLong(lower);
                if (v > Integer.MAX_VALUE + 1L) {
                    throw new EvalException("integer number too large: " + text + " (add an L suffix for a long)", true);
                }
                // 2147483648 is only legal after unary minus; the parser folds that case.
                value = v == Integer.MAX_VALUE + 1L ? (Object) v : (Object) (int) v;
            }
        } catch (NumberFormatException e) {
            throw new EvalException("malformed number: " + text, true);
        }
        return new Token(Kind.LITERAL, text, value, start);
    }
}
