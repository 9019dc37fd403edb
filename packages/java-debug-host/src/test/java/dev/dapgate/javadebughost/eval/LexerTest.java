package dev.dapgate.javadebughost.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dapgate.javadebughost.eval.Lexer.Kind;
import dev.dapgate.javadebughost.eval.Lexer.Token;
import org.junit.jupiter.api.Test;

import java.util.List;

class LexerTest {
    private static String error(String s) {
        return assertThrows(EvalException.class, () -> Lexer.tokenize(s)).getMessage();
    }

    @Test
    void tokensWithPositionsAndValues() throws EvalException {
        List<Token> t = Lexer.tokenize("a.b(1_000, 0x1F, 'c', \"s\\n\") >= 2.5e1");
        assertEquals(List.of("a", ".", "b", "(", "1_000", ",", "0x1F", ",", "'c'", ",", "\"s\\n\"", ")", ">=", "2.5e1", "<end>"),
            t.stream().map(Token::text).toList());
        assertEquals(Kind.IDENT, t.get(0).kind());
        assertEquals(1000, t.get(4).value());
        assertEquals(31, t.get(6).value());
        assertEquals('c', t.get(8).value());
        assertEquals("s\n", t.get(10).value());
        assertEquals(Kind.OP, t.get(12).kind());
        assertEquals(25.0, t.get(13).value());
        assertEquals(Kind.EOF, t.get(14).kind());
        assertEquals(2, t.get(2).pos());
    }

    @Test
    void longestOperatorWins() throws EvalException {
        assertEquals(List.of(">>>=", "->", "::", "++", "&&", "<end>"),
            Lexer.tokenize(">>>= -> :: ++ &&").stream().map(Token::text).toList());
    }

    @Test
    void numberSuffixes() throws EvalException {
        assertEquals(10L, Lexer.tokenize("10L").get(0).value());
        assertEquals(2.0f, Lexer.tokenize("2f").get(0).value());
        assertEquals(3.0, Lexer.tokenize("3d").get(0).value());
        assertEquals(0.5, Lexer.tokenize(".5").get(0).value());
    }

    @Test
    void errors() {
        assertEquals("unterminated string literal", error("\"abc"));
        assertEquals("text blocks (\"\"\") are not supported", error("\"\"\"x\"\"\""));
        assertEquals("illegal escape character '\\q'", error("\"\\q\""));
        assertEquals("unexpected character '#' at position 3", error("a #"));
        assertEquals("integer number too large: 99999999999 (add an L suffix for a long)", error("99999999999"));
    }
}
