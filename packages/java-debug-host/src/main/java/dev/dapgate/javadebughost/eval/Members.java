package dev.dapgate.javadebughost.eval;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.BooleanValue;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.Field;
import com.sun.jdi.FloatValue;
import com.sun.jdi.LongValue;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;

import java.util.List;
import dev.dapgate.javadebughost.eval.Interpreter.PackageRef;
import dev.dapgate.javadebughost.eval.Interpreter.TypeRef;

/** Field access ({@code a.b}, statics, nested types, {@code array.length}) and array indexing. */
final class Members {
    private final Interpreter in;
    private final VirtualMachine vm;

    Members(Interpreter in) {
        this.in = in;
        this.vm = in.vm();
    }

    Object field(Object target, String name, Node targetNode) throws EvalException {
        if (target instanceof PackageRef p) {
            String qualified = p.name() + "." + name;
            List<ReferenceType> found = vm.classesByName(qualified);
            return found.isEmpty() ? new PackageRef(qualified) : new TypeRef(found.get(0));
        }
        if (target instanceof TypeRef t) {
            ReferenceType type = t.type();
            if (name.equals("class")) {
                return type.classObject();
            }
            Field f = type.fieldByName(name);
            if (f != null && f.isStatic()) {
                return f.declaringType().getValue(f);
            }
            List<ReferenceType> nested = vm.classesByName(type.name() + "$" + name);
            if (!nested.isEmpty()) {
                return new TypeRef(nested.get(0));
            }
            throw new EvalException(f != null ? "field '" + name + "' of " + type.name() + " is not static"
                : "no static field '" + name + "' in " + type.name());
        }
        if (target == null) {
            throw new EvalException("NullPointerException: cannot read field '" + name + "' because '"
                + describe(targetNode) + "' is null");
        }
        if (target instanceof ArrayReference arr) {
            if (name.equals("length")) {
                return vm.mirrorOf(arr.length());
            }
            throw new EvalException("arrays have no field '" + name + "' (only 'length')");
        }
        if (target instanceof ObjectReference obj) {
            Field f = obj.referenceType().fieldByName(name);
            if (f == null) {
                throw new EvalException("no field '" + name + "' in " + obj.referenceType().name());
            }
            return f.isStatic() ? f.declaringType().getValue(f) : obj.getValue(f);
        }
        if (target instanceof String) {
            throw new EvalException("java.lang.String has no accessible field '" + name + "'");
        }
        throw new EvalException("cannot read field '" + name + "' of a " + Interpreter.typeName(target) + " value");
    }

    static String describe(Node node) {
        if (node instanceof Node.Name n) {
            return n.name();
        }
        if (node instanceof Node.FieldAccess fa) {
            return describe(fa.target()) + "." + fa.name();
        }
        if (node instanceof Node.Call c) {
            return (c.target() == null ? "" : describe(c.target()) + ".") + c.name() + "(...)";
        }
        if (node instanceof Node.ArrayIndex ai) {
            return describe(ai.array()) + "[...]";
        }
        if (node instanceof Node.This) {
            return "this";
        }
        return "expression";
    }

    Object arrayElement(Object array, Object index) throws EvalException {
        if (array == null) {
            throw new EvalException("NullPointerException: cannot index a null array");
        }
        if (!(array instanceof ArrayReference arr)) {
            throw new EvalException("[] needs an array but found " + Interpreter.typeName(array));
        }
        PrimitiveValue p = in.unbox(index);
        if (p == null || p instanceof BooleanValue || p instanceof LongValue || p instanceof FloatValue
                || p instanceof DoubleValue) {
            throw new EvalException("array index must be an int but found " + Interpreter.typeName(index));
        }
        int i = p.intValue();
        if (i < 0 || i >= arr.length()) {
            throw new EvalException("ArrayIndexOutOfBoundsException: index " + i + " out of bounds for length " + arr.length());
        }
        return arr.getValue(i);
    }

}
