package dev.dapgate.javadebughost.eval;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ArrayType;
import com.sun.jdi.BooleanValue;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import dev.dapgate.javadebughost.eval.Interpreter.PackageRef;
import dev.dapgate.javadebughost.eval.Interpreter.TypeRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Method calls: overload choice by argument conversion cost, argument conversion and boxing, invocation. */
final class MethodCalls {
    private static final Map<String, String> BOX = Map.of(
        "int", "java.lang.Integer", "long", "java.lang.Long", "double", "java.lang.Double",
        "float", "java.lang.Float", "boolean", "java.lang.Boolean", "char", "java.lang.Character",
        "byte", "java.lang.Byte", "short", "java.lang.Short");
    private static final List<String> NUMERIC_ORDER = List.of("byte", "short", "char", "int", "long", "float", "double");
    private static final Set<String> STRING_SUPERTYPES = Set.of("java.lang.CharSequence", "java.lang.Comparable",
        "java.io.Serializable", "java.lang.constant.Constable", "java.lang.constant.ConstantDesc");

    private final Interpreter in;
    private final VirtualMachine vm;
    private final ThreadReference thread;
    private final Invoker invoker;

    MethodCalls(Interpreter in) {
        this.in = in;
        this.vm = in.vm();
        this.thread = in.thread();
        this.invoker = in.invoker();
    }

    Object call(Node.Call call) throws EvalException {
        String name = call.name();
        if (call.target() == null) {
            List<Object> args = arguments(call.args());
            ObjectReference obj = in.thisObject();
            for (int hops = 0; obj != null && hops < Interpreter.MAX_OUTER_HOPS; hops++) {
                Method m = selectMethod(obj.referenceType(), name, args, false, false);
                if (m != null) {
                    return invoke(obj, m, args);
                }
                Field outer = Scope.outerThisField(obj.referenceType());
                obj = outer == null ? null : obj.getValue(outer) instanceof ObjectReference o ? o : null;
            }
            for (ReferenceType t = in.currentType(); t != null; t = in.enclosingType(t)) {
                Method m = selectMethod(t, name, args, true, false);
                if (m != null) {
                    return invoke(null, m, args);
                }
            }
            ReferenceType here = in.currentType();
            if (here == null) {
                throw new EvalException("no method " + name + "(...) in scope");
            }
            selectMethod(in.thisObject() != null ? in.thisObject().referenceType() : here, name, args, in.thisObject() == null, true);
            throw new EvalException("no method " + name + "(...) in scope");
        }
        Object target = in.eval(call.target());
        if (target instanceof PackageRef p) {
            throw in.unresolved(p.name());
        }
        List<Object> args = arguments(call.args());
        if (target instanceof TypeRef t) {
            Method m = selectMethod(t.type(), name, args, true, true);
            return invoke(null, m, args);
        }
        if (target == null) {
            throw new EvalException("NullPointerException: cannot invoke " + name + "() because '"
                + Members.describe(call.target()) + "' is null");
        }
        if (target instanceof String s) {
            target = in.mirror(s);
        }
        if (!(target instanceof ObjectReference obj)) {
            throw new EvalException("cannot invoke " + name + "() on a primitive " + Interpreter.typeName(target) + " value");
        }
        ReferenceType type = obj instanceof ArrayReference ? in.objectClass() : obj.referenceType();
        Method m = selectMethod(type, name, args, false, true);
        return invoke(obj, m, args);
    }

    private List<Object> arguments(List<Node> nodes) throws EvalException {
        List<Object> args = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            Object v = in.value(in.eval(n));
            if (v instanceof ObjectReference o && !in.pinned().contains(o)) {
                // keep argument objects alive while later arguments run methods
                in.pin(o);
            }
            args.add(v);
        }
        return args;
    }

    /**
     * Picks the overload with the right arity whose parameters accept the arguments best.
     * Returns null when nothing applies and {@code required} is false.
     */
    private Method selectMethod(ReferenceType type, String name, List<Object> args, boolean staticOnly, boolean required)
            throws EvalException {
        List<Method> methods = type.methodsByName(name);
        Method best = null;
        int bestScore = Integer.MAX_VALUE;
        for (Method m : methods) {
            if (staticOnly && !m.isStatic()) {
                continue;
            }
            List<String> params = m.argumentTypeNames();
            if (params.size() != args.size()) {
                continue;
            }
            int score = 0;
            for (int i = 0; i < params.size() && score >= 0; i++) {
                int c = cost(params.get(i), args.get(i));
                score = c < 0 ? -1 : score + c;
            }
            if (score < 0) {
                continue;
            }
            score = score * 2 + (m.isAbstract() ? 1 : 0);
            if (score < bestScore) {
                best = m;
                bestScore = score;
            }
        }
        if (best == null && required) {
            StringBuilder sb = new StringBuilder();
            for (Method m : methods) {
                if (!staticOnly || m.isStatic()) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(m.name()).append('(')
                        .append(String.join(", ", m.argumentTypeNames())).append(')');
                }
            }
            List<String> argTypes = new ArrayList<>();
            for (Object a : args) {
                argTypes.add(Interpreter.typeName(a));
            }
            String what = name + "(" + String.join(", ", argTypes) + ")";
            throw new EvalException(sb.length() == 0
                ? "no " + (staticOnly ? "static " : "") + "method '" + name + "' in " + type.name()
                : "no applicable overload for " + what + " in " + type.name() + "; candidates: " + sb);
        }
        return best;
    }

    /** Conversion cost of passing arg to a parameter of the named type; -1 if impossible. */
    int cost(String param, Object arg) {
        boolean paramPrimitive = BOX.containsKey(param);
        if (arg == null) {
            return paramPrimitive ? -1 : 1;
        }
        if (arg instanceof String) {
            return param.equals("java.lang.String") ? 0 : param.equals("java.lang.Object") ? 2
                : STRING_SUPERTYPES.contains(param) ? 1 : -1;
        }
        if (arg instanceof PrimitiveValue p) {
            String kind = Interpreter.primitiveKind(p);
            if (paramPrimitive) {
                return primitiveCost(kind, param);
            }
            if (param.equals(BOX.get(kind))) {
                return 3;
            }
            if (param.equals("java.lang.Object") || param.equals("java.io.Serializable")
                    || param.equals("java.lang.Comparable")
                    || param.equals("java.lang.Number") && !kind.equals("boolean") && !kind.equals("char")) {
                return 4;
            }
            return -1;
        }
        if (arg instanceof ObjectReference o) {
            ReferenceType t = o.referenceType();
            if (paramPrimitive) {
                PrimitiveValue p = in.unbox(o);
                if (p == null) {
                    return -1;
                }
                int c = primitiveCost(Interpreter.primitiveKind(p), param);
                return c < 0 ? -1 : c + 3;
            }
            if (t.name().equals(param)) {
                return 0;
            }
            if (param.equals("java.lang.Object")) {
                return 2;
            }
            return isAssignable(t, param) ? 1 : -1;
        }
        return -1;
    }

    private static int primitiveCost(String from, String to) {
        if (from.equals(to)) {
            return 0;
        }
        if (from.equals("boolean") || to.equals("boolean") || to.equals("char")) {
            return -1;
        }
        if (from.equals("char") && (to.equals("byte") || to.equals("short"))) {
            return -1;
        }
        if (from.equals("byte") && to.equals("char") || from.equals("short") && to.equals("char")) {
            return -1;
        }
        int a = NUMERIC_ORDER.indexOf(from);
        int b = NUMERIC_ORDER.indexOf(to);
        return b > a ? 1 + (b - a) / 4 : -1;
    }

    private static boolean isAssignable(ReferenceType type, String target) {
        if (type instanceof ClassType ct) {
            for (ClassType c = ct; c != null; c = c.superclass()) {
                if (c.name().equals(target)) {
                    return true;
                }
            }
            for (InterfaceType i : ct.allInterfaces()) {
                if (i.name().equals(target)) {
                    return true;
                }
            }
            return false;
        }
        if (type instanceof InterfaceType it) {
            for (InterfaceType i : it.superinterfaces()) {
                if (i.name().equals(target) || isAssignable(i, target)) {
                    return true;
                }
            }
            return false;
        }
        if (type instanceof ArrayType) {
            return target.equals("java.lang.Cloneable") || target.equals("java.io.Serializable");
        }
        return false;
    }

    private Value invoke(ObjectReference obj, Method method, List<Object> args) throws EvalException {
        List<String> params = method.argumentTypeNames();
        List<Value> converted = new ArrayList<>(args.size());
        for (int i = 0; i < args.size(); i++) {
            converted.add(convert(params.get(i), args.get(i)));
        }
        in.markInvoked();
        Value result;
        if (method.isStatic() || obj == null) {
            if (!method.isStatic()) {
                throw new EvalException(method.name() + "() is an instance method but there is no object to call it on");
            }
            result = invoker.invokeStatic(thread, method, converted);
        } else {
            result = invoker.invoke(thread, obj, method, converted, false);
        }
        if (result instanceof ObjectReference o) {
            in.pin(o);
        }
        return result;
    }

    Value convert(String param, Object arg) throws EvalException {
        if (arg == null) {
            return null;
        }
        if (BOX.containsKey(param)) {
            PrimitiveValue p = in.unbox(arg);
            if (p == null) {
                throw new EvalException("cannot pass " + Interpreter.typeName(arg) + " as " + param);
            }
            switch (param) {
                case "boolean": return vm.mirrorOf(((BooleanValue) p).value());
                case "char": return vm.mirrorOf(p.charValue());
                case "byte": return vm.mirrorOf(p.byteValue());
                case "short": return vm.mirrorOf(p.shortValue());
                case "int": return vm.mirrorOf(p.intValue());
                case "long": return vm.mirrorOf(p.longValue());
                case "float": return vm.mirrorOf(p.floatValue());
                default: return vm.mirrorOf(p.doubleValue());
            }
        }
        if (arg instanceof String s) {
            return in.mirror(s);
        }
        if (arg instanceof PrimitiveValue p) {
            return box(p);
        }
        return (Value) arg;
    }

    /** Boxes a primitive in the debuggee with the wrapper's valueOf(). */
    private Value box(PrimitiveValue p) throws EvalException {
        String kind = Interpreter.primitiveKind(p);
        String wrapper = BOX.get(kind);
        List<ReferenceType> found = vm.classesByName(wrapper);
        if (found.isEmpty() || !(found.get(0) instanceof ClassType ct)) {
            throw new EvalException("cannot box a " + kind + ": " + wrapper + " is not loaded");
        }
        String descriptor = switch (kind) {
            case "int" -> "I";
            case "long" -> "J";
            case "double" -> "D";
            case "float" -> "F";
            case "boolean" -> "Z";
            case "char" -> "C";
            case "byte" -> "B";
            default -> "S";
        };
        Method valueOf = ct.concreteMethodByName("valueOf", "(" + descriptor + ")L" + wrapper.replace('.', '/') + ";");
        if (valueOf == null) {
            throw new EvalException("cannot box a " + kind);
        }
        in.markInvoked();
        Value boxed = invoker.invokeStatic(thread, valueOf, List.of(p));
        if (boxed instanceof ObjectReference o) {
            in.pin(o);
        }
        return boxed;
    }
}
