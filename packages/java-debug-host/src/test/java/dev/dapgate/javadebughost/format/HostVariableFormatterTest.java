package dev.dapgate.javadebughost.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.java.debug.core.adapter.variables.IVariableFormatter;
import com.sun.jdi.StackFrame;
import com.sun.jdi.Value;
import dev.dapgate.javadebughost.eval.StoppedDebuggee;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

/** The host's value formatting on real JDI values of the stopped fixture. */
class HostVariableFormatterTest {
    private static StoppedDebuggee debuggee;
    private static final IVariableFormatter FORMATTER = HostVariableFormatter.create();

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

    private static String show(String local) throws Exception {
        StackFrame scene = debuggee.thread.frame(1);
        Value v = scene.getValue(scene.visibleVariableByName(local));
        Map<String, Object> options = FORMATTER.getDefaultOptions();
        return FORMATTER.valueToString(v, options);
    }

    private static String showThisField(String field) throws Exception {
        StackFrame scene = debuggee.thread.frame(1);
        var self = scene.thisObject();
        return FORMATTER.valueToString(self.getValue(self.referenceType().fieldByName(field)), FORMATTER.getDefaultOptions());
    }

    @Test
    void floatingPointLikeJava() throws Exception {
        assertEquals("0.01", show("eps"));
        assertEquals("1.5", show("f"));
        assertEquals("1.0E-7", FORMATTER.valueToString(debuggee.vm.mirrorOf(1e-7), FORMATTER.getDefaultOptions()));
        assertEquals("NaN", FORMATTER.valueToString(debuggee.vm.mirrorOf(Float.NaN), FORMATTER.getDefaultOptions()));
    }

    @Test
    void stringsAsJavaLiterals() throws Exception {
        Map<String, Object> options = FORMATTER.getDefaultOptions();
        assertEquals("\"a\\r\\nb\\tc\\bd\\u0001e\\\\f\\\"g\"", FORMATTER.valueToString(debuggee.vm.mirrorOf("a\r\nb\tc\bd\u0001e\\f\"g"), options));
        assertEquals("\"caf\u00e9 \ud83d\ude00\"", FORMATTER.valueToString(debuggee.vm.mirrorOf("caf\u00e9 \ud83d\ude00"), options));
    }

    @Test
    void fieldPreviewOnlyWithoutToString() throws Exception {
        assertEquals("EvalTarget{value=4, next=null}", showThisField("next"));
        assertTrue(show("p").matches("EvalTarget\\$Point@\\d+"), "Point has toString(): the core's form, detail added separately: " + show("p"));
        assertEquals("\"tea\"", show("x"));
        assertEquals("5", show("i"));
    }

    @Test
    void previewIsBoundedAndOneLevelDeep() throws Exception {
        String wide = show("wide");
        assertTrue(wide.startsWith("EvalTarget$Wide{first=\"a long string value that...\", second="), wide);
        assertTrue(wide.length() <= FieldPreviewFormatter.MAX_LENGTH && wide.endsWith("...}"), wide);
    }
}
