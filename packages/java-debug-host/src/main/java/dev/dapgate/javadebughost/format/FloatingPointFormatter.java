package dev.dapgate.javadebughost.format;

import com.microsoft.java.debug.core.adapter.formatter.IValueFormatter;
import com.microsoft.java.debug.core.adapter.formatter.NumericFormatter;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.FloatValue;
import com.sun.jdi.Type;
import com.sun.jdi.Value;

import java.util.Map;

/**
 * float and double as Java prints them ({@code Double.toString}: 1.0E-7, 0.1, NaN), where the
 * core's formatter prints a fixed six decimals (1e-7 became "0.000000").
 */
final class FloatingPointFormatter implements IValueFormatter {
    private final NumericFormatter parser = new NumericFormatter();

    @Override
    public String toString(Object value, Map<String, Object> options) {
        if (value instanceof DoubleValue d) {
            return Double.toString(d.value());
        }
        if (value instanceof FloatValue f) {
            return Float.toString(f.value());
        }
        return String.valueOf(value);
    }

    @Override
    public boolean acceptType(Type type, Map<String, Object> options) {
        if (type == null) {
            return false;
        }
        String signature = type.signature();
        return signature.equals("D") || signature.equals("F");
    }

    @Override
    public Value valueOf(String value, Type type, Map<String, Object> options) {
        return parser.valueOf(value, type, options);
    }
}
