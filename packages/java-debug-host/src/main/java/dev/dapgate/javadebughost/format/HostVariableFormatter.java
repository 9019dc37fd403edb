package dev.dapgate.javadebughost.format;

import com.microsoft.java.debug.core.adapter.variables.IVariableFormatter;
import com.microsoft.java.debug.core.adapter.variables.VariableFormatter;
import com.microsoft.java.debug.core.adapter.variables.VariableFormatterFactory;

/** The core's variable formatter with this host's float/double, char and String literal and field-preview formatting on top. */
public final class HostVariableFormatter {
    /** Above the core's own formatters (priorities 1 and 2). */
    private static final int PRIORITY = 3;

    private HostVariableFormatter() {
    }

    public static IVariableFormatter create() {
        IVariableFormatter base = VariableFormatterFactory.createVariableFormatter();
        if (base instanceof VariableFormatter formatter) {
            formatter.registerValueFormatter(new FloatingPointFormatter(), PRIORITY);
            formatter.registerValueFormatter(new CharLiteralFormatter(), PRIORITY);
            formatter.registerValueFormatter(new StringLiteralFormatter(), PRIORITY);
            formatter.registerValueFormatter(new FieldPreviewFormatter(formatter::typeToString), PRIORITY);
        }
        return base;
    }
}
