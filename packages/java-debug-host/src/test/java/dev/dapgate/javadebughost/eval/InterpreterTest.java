package dev.dapgate.javadebughost.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The interpreter against a real JVM stopped in EvalTarget.scene() (frame 1). */
class InterpreterTest {
    private static StoppedDebuggee debuggee;
    private static final Invoker INVOKER = new Invoker(10_000);

    @BeforeAll
    static void start() throws Exception {
        debuggee = StoppedDebuggee.launch();
    }

    @AfterAll
    static void stop() throws Exception {
        if (debuggee != null) {
            debuggee.close();
        }
    }

    private static Interpreter in(ThreadReference thread, int depth) {
        return new Interpreter(thread, depth, null, INVOKER);
    }

    /** "text (type)" of the expression's value in scene(). */
    private static String eval(String expression) throws EvalException {
        Interpreter in = in(debuggee.thread, 1);
        Value v = in.evaluate(Parser.parse(expression));
        String type = v == null ? "null" : v.type().name();
        String text = in.evaluateToString(Parser.parse(expression));
        Interpreter.release(in.pinned());
        return text + " (" + type + ")";
    }

    private static String error(String expression) {
        return assertThrows(EvalException.class, () -> eval(expression)).getMessage();
    }

    @Test
    void literals() throws EvalException {
        assertEquals("42 (int)", eval("42"));
        assertEquals("10 (long)", eval("10L"));
        assertEquals("31 (int)", eval("0x1F"));
        assertEquals("1000000 (int)", eval("1_000_000"));
        assertEquals("1.5 (float)", eval("1.5f"));
        assertEquals("0.25 (double)", eval("0.25"));
        assertEquals("a (char)", eval("'a'"));
        assertEquals("true (boolean)", eval("true"));
        assertEquals("s (java.lang.String)", eval("\"s\""));
        assertEquals("null (null)", eval("null"));
    }

    @Test
    void numericPromotion() throws EvalException {
        assertEquals("10000000005 (long)", eval("i + big"));
        assertEquals("2 (int)", eval("i / 2"));
        assertEquals("2.5 (double)", eval("i / 2.0"));
        assertEquals("3.0 (float)", eval("f * 2"));
        assertEquals("121 (int)", eval("c + 1"));
        assertEquals("5 (int)", eval("b + s"));
        assertEquals("1001 (int)", eval("boxed + 1"));
        assertEquals("-2147483648 (int)", eval("2147483647 + 1"));
        assertEquals("-5 (int)", eval("-i"));
        assertEquals("1 (int)", eval("i % 2"));
        assertEquals("true (boolean)", eval("eps < 1 && !(i > 5)"));
        assertEquals("8 (int)", eval("flag ? i + 3 : 0"));
    }

    @Test
    void floatingPointPrintsLikeJava() throws EvalException {
        assertEquals("1.0E-7 (double)", eval("eps / 100000"));
        assertEquals("Infinity (double)", eval("eps / 0"));
        assertEquals("0.1 (float)", eval("1f / 10"));
        assertEquals("x = 1.0E-7", eval("\"x = \" + eps / 100000").replace(" (java.lang.String)", ""));
    }

    @Test
    void divisionByZeroIsAnError() {
        assertEquals("ArithmeticException: / by zero", error("i / 0"));
        assertEquals("ArithmeticException: / by zero", error("big % 0"));
    }

    @Test
    void stringConcatenation() throws EvalException {
        assertEquals("tea12 (java.lang.String)", eval("x + 1 + 2"));
        assertEquals("3tea (java.lang.String)", eval("1 + 2 + x"));
        assertEquals("teax (java.lang.String)", eval("x + c"));
        assertEquals("teanull (java.lang.String)", eval("x + nothing"));
        assertEquals("p=(2, 3) (java.lang.String)", eval("\"p=\" + p"));
        assertEquals("[4, 5] (java.lang.String)", eval("\"\" + list"));
    }

    @Test
    void equalityIsJavaEquality() throws EvalException {
        assertEquals("false (boolean)", eval("x == y"), "new String(\"tea\") is another object");
        assertEquals("true (boolean)", eval("x != y"));
        assertEquals("true (boolean)", eval("x == z"));
        assertEquals("true (boolean)", eval("x == \"tea\""), "x holds the interned literal");
        assertEquals("false (boolean)", eval("y == \"tea\""));
        assertEquals("true (boolean)", eval("\"tea\" == \"tea\""));
        assertEquals("true (boolean)", eval("x.equals(y)"));
        assertEquals("false (boolean)", eval("boxed == boxed2"), "two Integer objects for 1000");
        assertEquals("true (boolean)", eval("boxed == 1000"), "unboxed when one side is primitive");
        assertEquals("true (boolean)", eval("small == 100"));
        assertEquals("true (boolean)", eval("boxedLong == 5"));
        assertEquals("true (boolean)", eval("i == 5.0"));
        assertEquals("true (boolean)", eval("c == 'x'"));
        assertEquals("true (boolean)", eval("nothing == null"));
        assertEquals("false (boolean)", eval("p == null"));
        assertEquals("true (boolean)", eval("p == p"));
        assertEquals("true (boolean)", eval("flag == true"));
        assertEquals("incomparable types: int and java.lang.String", error("i == x"));
        assertEquals("incomparable types: int and null", error("i == null"));
        assertTrue(error("x + \"\" == x").contains("use .equals(...)"));
    }

    @Test
    void methodCalls() throws EvalException {
        assertEquals("10 (int)", eval("twice(i)"));
        assertEquals("TEA! (java.lang.String)", eval("shout(x)"));
        assertEquals("5 (int)", eval("p.sum()"));
        assertEquals("4 (java.lang.Integer)", eval("list.get(0)"));
        assertEquals("2 (int)", eval("list.size()"));
        assertEquals("long (java.lang.String)", eval("pick(i)"), "widening beats boxing");
        assertEquals("9 (int)", eval("Math.max(i, 9)"));
        assertEquals("3 (int)", eval("x.length()"));
        assertEquals("fail() threw java.lang.IllegalStateException: broken on purpose", error("fail()"));
        assertTrue(error("x.nope()").startsWith("no method 'nope' in java.lang.String"), error("x.nope()"));
        assertTrue(error("nothing.toString()").startsWith("NullPointerException"), error("nothing.toString()"));
    }

    @Test
    void fields() throws EvalException {
        assertEquals("3 (int)", eval("value"));
        assertEquals("3 (int)", eval("this.value"));
        assertEquals("4 (int)", eval("next.value"));
        assertEquals("7 (int)", eval("counter"));
        assertEquals("7 (int)", eval("EvalTarget.counter"));
        assertEquals("hi (java.lang.String)", eval("GREETING"));
        assertEquals("2 (int)", eval("p.x"));
        assertEquals("no field 'z' in dev.dapgate.javadebughost.fixture.EvalTarget$Point", error("p.z"));
        assertEquals("NullPointerException: cannot read field 'x' because 'nothing' is null", error("nothing.x"));
    }

    @Test
    void arrays() throws EvalException {
        assertEquals("2 (int)", eval("arr[1]"));
        assertEquals("3 (int)", eval("arr.length"));
        assertEquals("true (boolean)", eval("names[1] == null"));
        assertEquals("ArrayIndexOutOfBoundsException: index 3 out of bounds for length 3", error("arr[3]"));
        assertEquals("array index must be an int but found long", error("arr[big]"));
    }

    /** "text (type)" of the value converted for assignment to a variable of the given type. */
    private static String assign(String expression, String targetType) throws EvalException {
        Interpreter in = in(debuggee.thread, 1);
        Value v = in.evaluateForAssignment(Parser.parse(expression), targetType);
        String text = in.evaluateToString(Parser.parse(expression));
        Interpreter.release(in.pinned());
        return text + " (" + (v == null ? "null" : v.type().name()) + ")";
    }

    @Test
    void assignmentConversion() throws EvalException {
        assertEquals("TEA (java.lang.String)", assign("x.toUpperCase()", "java.lang.String"));
        assertEquals("3 (int)", assign("1 + 2", "int"));
        assertEquals("5 (long)", assign("i", "long"), "widening");
        assertEquals("5 (double)", assign("i", "double").replace("5.0", "5"));
        assertEquals("1000 (int)", assign("boxed", "int"), "unboxing");
        assertEquals("5 (java.lang.Integer)", assign("i", "java.lang.Integer"), "boxing");
        assertEquals("7 (byte)", assign("7", "byte"), "an int literal that fits narrows");
        assertEquals("(2, 3) (dev.dapgate.javadebughost.fixture.EvalTarget$Point)", assign("p", "java.lang.Object"));
        assertEquals("null (null)", assign("null", "java.lang.String"));
        assertEquals("[4, 5] (java.util.ArrayList)", assign("list", "java.util.List"));
        assertEquals("incompatible types: java.lang.String cannot be converted to int",
            assertThrows(EvalException.class, () -> assign("x", "int")).getMessage());
        assertEquals("incompatible types: long cannot be converted to int",
            assertThrows(EvalException.class, () -> assign("big", "int")).getMessage());
        assertEquals("incompatible types: int cannot be converted to byte",
            assertThrows(EvalException.class, () -> assign("i", "byte")).getMessage(), "only constants narrow");
        assertEquals("incompatible types: int cannot be converted to java.lang.Long",
            assertThrows(EvalException.class, () -> assign("5", "java.lang.Long")).getMessage());
        assertEquals("incompatible types: null cannot be converted to int",
            assertThrows(EvalException.class, () -> assign("null", "int")).getMessage());
    }

    @Test
    void unresolvedNamesAndUnsupportedSyntax() {
        assertEquals("cannot resolve 'nosuchvar': not a local variable, field or loaded class", error("nosuchvar"));
        assertEquals("object creation ('new') is not supported", error("new Object()"));
        assertTrue(error("(int) eps").startsWith("casts are not supported"));
        assertEquals("'int' is a type; type expressions are not supported", error("int"));
    }

    @Test
    void callsInAPausedThreadSayWhatToDo() throws EvalException {
        ThreadReference sleeper = debuggee.otherThread("sleeper");
        Interpreter reads = in(sleeper, 0);
        assertEquals("7", reads.evaluateToString(Parser.parse("dev.dapgate.javadebughost.fixture.EvalTarget.counter")));
        EvalException e = assertThrows(EvalException.class,
            () -> in(sleeper, 0).evaluate(Parser.parse("Math.max(1, 2)")));
        assertTrue(e.getMessage().endsWith("step once, then evaluate"), e.getMessage());
    }
}
