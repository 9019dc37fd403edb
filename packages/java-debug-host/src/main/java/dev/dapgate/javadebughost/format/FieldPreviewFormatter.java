package dev.dapgate.javadebughost.format;

import com.microsoft.java.debug.core.adapter.formatter.IValueFormatter;
import com.microsoft.java.debug.core.adapter.formatter.ObjectFormatter;
import com.sun.jdi.ArrayReference;
import com.sun.jdi.CharValue;
import com.sun.jdi.ClassType;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.Field;
import com.sun.jdi.FloatValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import com.sun.jdi.Type;
import com.sun.jdi.Value;

import java.util.Map;
import java.util.function.BiFunction;

/**
 * Objects whose class does not override {@code toString()}: a bounded preview of their
 * fields, {@code Node{value=3, next=Node}}, instead of a bare {@code Node@68}. Field values
 * are shown one level deep (objects by type name only); nothing runs in the debuggee.
 */
final class FieldPreviewFormatter extends ObjectFormatter implements IValueFormatter {
    static final int MAX_LENGTH = 120;
    private static final int MAX_STRING = 24;

    FieldPreviewFormatter(BiFunction<Type, Map<String, Object>, String> typeToString) {
        super(typeToString);
    }

    @Override
    public boolean acceptType(Type type, Map<String, Object> options) {
        if (!(type instanceof ClassType ct) || ct.name().contains("$$Lambda")) {
            return false;
        }
        Method toString = ct.concreteMethodByName("toString", "()Ljava/lang/String;");
        return toString != null && toString.declaringType().name().equals("java.lang.Object");
    }

    @Override
    public String toString(Object value, Map<String, Object> options) {
        ObjectReference obj = (ObjectReference) value;
        StringBuilder sb = new StringBuilder(typeToStringFunction.apply(obj.type(), options)).append('{');
        boolean first = true;
        for (Field field : obj.referenceType().allFields()) {
            if (field.isStatic() || field.isSynthetic()) {
                continue;
            }
            if (!first) {
                sb.append(", ");
            }
            first = false;
            sb.append(field.name()).append('=').append(brief(obj.getValue(field), options));
            if (sb.length() > MAX_LENGTH) {
                sb.setLength(MAX_LENGTH - "...}".length());
                return sb.append("...}").toString();
            }
        }
        return sb.append('}').toString();
    }

    private String brief(Value v, Map<String, Object> options) {
        if (v == null) {
            return "null";
        }
        if (v instanceof StringReference s) {
            String text = s.value();
            return "\"" + (text.length() > MAX_STRING ? text.substring(0, MAX_STRING) + "..." : text) + "\"";
        }
        if (v instanceof ArrayReference a) {
            String type = typeToStringFunction.apply(a.type(), options);
            return type.replaceFirst("\\[\\]", "[" + a.length() + "]");
        }
        if (v instanceof ObjectReference o) {
            return typeToStringFunction.apply(o.type(), options);
        }
        if (v instanceof CharValue c) {
            return CharLiteralFormatter.literal(c.value());
        }
        if (v instanceof DoubleValue d) {
            return Double.toString(d.value());
        }
        if (v instanceof FloatValue f) {
            return Float.toString(f.value());
        }
        return v.toString();
    }
}
