package com.microsoft.java.debug.core.adapter.variables;

import com.microsoft.java.debug.core.adapter.IEvaluationProvider;
import com.sun.jdi.ClassType;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;

import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * dapgate's replacement for the core class of the same name (this host's own classes win over
 * the core jar's in the shaded jar; the core calls only {@link #formatDetailsValue}). It writes
 * the detail text shown after a value: an object's {@code toString()}, and for a map entry its
 * key and value. The core's version showed {@code null} for a key or value whose class has no
 * {@code toString()} of its own (a plain object key, a lambda); here those use the variable
 * formatter (a field preview, or {@code Type@id}).
 */
public final class VariableDetailUtils {
    private static final int MAX_PART = 80;

    private VariableDetailUtils() {
    }

    public static String formatDetailsValue(Value value, ThreadReference thread, IVariableFormatter formatter,
            Map<String, Object> options, IEvaluationProvider evaluator) {
        if (!(value instanceof ObjectReference obj) || value instanceof StringReference || evaluator == null) {
            return null;
        }
        if (implementsType(obj, "java.util.Map$Entry")) {
            Value key = call(obj, "getKey", thread, evaluator);
            Value entryValue = call(obj, "getValue", thread, evaluator);
            return part(key, thread, formatter, options, evaluator) + "=" + part(entryValue, thread, formatter, options, evaluator);
        }
        if (implementsType(obj, "java.util.Map") || implementsType(obj, "java.util.Collection")) {
            return null; // the core shows their size instead
        }
        return hasOwnToString(obj) ? toStringText(obj, thread, formatter, options, evaluator) : null;
    }

    /** One side of a map entry. */
    private static String part(Value v, ThreadReference thread, IVariableFormatter formatter, Map<String, Object> options,
            IEvaluationProvider evaluator) {
        if (v instanceof ObjectReference obj && !(v instanceof StringReference) && hasOwnToString(obj)) {
            String text = toStringText(obj, thread, formatter, options, evaluator);
            if (text != null) {
                return clip(text);
            }
        }
        return clip(formatter.valueToString(v, options));
    }

    private static String toStringText(ObjectReference obj, ThreadReference thread, IVariableFormatter formatter,
            Map<String, Object> options, IEvaluationProvider evaluator) {
        Value text = call(obj, "toString", thread, evaluator);
        return text instanceof StringReference ? formatter.valueToString(text, options) : null;
    }

    private static Value call(ObjectReference obj, String method, ThreadReference thread, IEvaluationProvider evaluator) {
        String signature = method.equals("toString") ? "()Ljava/lang/String;" : "()Ljava/lang/Object;";
        try {
            return evaluator.invokeMethod(obj, method, signature, null, thread, false).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | RuntimeException e) {
            return null;
        }
    }

    private static String clip(String s) {
        return s.length() <= MAX_PART ? s : s.substring(0, MAX_PART - 3) + "...";
    }

    private static boolean hasOwnToString(ObjectReference obj) {
        if (!(obj.referenceType() instanceof ClassType type)) {
            return false;
        }
        Method m = type.concreteMethodByName("toString", "()Ljava/lang/String;");
        if (m != null && !m.declaringType().name().equals("java.lang.Object")) {
            return true;
        }
        for (InterfaceType i : type.allInterfaces()) {
            for (Method d : i.methodsByName("toString", "()Ljava/lang/String;")) {
                if (!d.isAbstract()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean implementsType(ObjectReference obj, String name) {
        if (!(obj.referenceType() instanceof ClassType type)) {
            return false;
        }
        for (ClassType c = type; c != null; c = c.superclass()) {
            if (c.name().equals(name)) {
                return true;
            }
        }
        return type.allInterfaces().stream().anyMatch(i -> i.name().equals(name));
    }
}
