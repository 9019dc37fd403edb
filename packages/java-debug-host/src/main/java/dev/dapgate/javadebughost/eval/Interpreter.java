package dev.dapgate.javadebughost.eval;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ArrayReference;
import com.sun.jdi.ArrayType;
import com.sun.jdi.BooleanValue;
import com.sun.jdi.CharValue;
import com.sun.jdi.ClassType;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.Field;
import com.sun.jdi.FloatValue;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.InvalidStackFrameException;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VoidValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Evaluates a parsed expression against a suspended thread through JDI.
 *
 * <p>Intermediate results are host objects: a JDI {@link Value}, {@code null} (Java null), a
 * host {@link String} (strings built by concatenation stay on this side until needed), or a
 * type/package marker while a dotted name is being resolved. One instance serves one
 * evaluation and is not thread-safe.
 */
public final class Interpreter {
    /** A name that resolved to a loaded type (for static members). */
    private record TypeRef(ReferenceType type) {
    }

    /** A name that resolved to nothing yet (maybe a package prefix). */
    private record PackageRef(String name) {
    }

    private static final Map<String, String> WRAPPERS = Map.of(
        "java.lang.Integer", "int", "java.lang.Long", "long", "java.lang.Double", "double",
        "java.lang.Float", "float", "java.lang.Boolean", "boolean", "java.lang.Character", "char",
        "java.lang.Byte", "byte", "java.lang.Short", "short");
    private static final Map<String, String> BOX = Map.of(
        "int", "java.lang.Integer", "long", "java.lang.Long", "double", "java.lang.Double",
        "float", "java.lang.Float", "boolean", "java.lang.Boolean", "char", "java.lang.Character",
        "byte", "java.lang.Byte", "short", "java.lang.Short");
    private static final List<String> NUMERIC_ORDER = List.of("byte", "short", "char", "int", "long", "float", "double");
    private static final Set<String> STRING_SUPERTYPES = Set.of("java.lang.CharSequence", "java.lang.Comparable",
        "java.io.Serializable", "java.lang.constant.Constable", "java.lang.constant.ConstantDesc");
    private static final int MAX_OUTER_HOPS = 10;

    private final VirtualMachine vm;
    private final ThreadReference thread;
    private final int depth;
    private final ObjectReference explicitThis;
    private final Invoker invoker;
    private final List<ObjectReference> pinned = new ArrayList<>();
    private boolean invoked;
    private boolean localsUnavailable;

    /**
     * @param depth        frame index in the thread, or -1 to evaluate without a frame
     * @param explicitThis object used as {@code this} instead of the frame's (may be null)
     */
    public Interpreter(ThreadReference thread, int depth, ObjectReference explicitThis, Invoker invoker) {
        this.vm = thread.virtualMachine();
        this.thread = thread;
        this.depth = depth;
        this.explicitThis = explicitThis;
        this.invoker = invoker;
    }

    /** True if any method was invoked in the debuggee (cached stack frames are then stale). */
    public boolean invokedMethods() {
        return invoked;
    }

    /** Objects kept from garbage collection during the evaluation; release with {@link #release}. */
    public List<ObjectReference> pinned() {
        return pinned;
    }

    public static void release(List<ObjectReference> objects) {
        for (ObjectReference o : objects) {
            try {
                o.enableCollection();
            } catch (RuntimeException ignored) {
                // collected or VM gone
            }
        }
    }

    /** Evaluates to a JDI value (strings built here are created in the debuggee). */
    public Value evaluate(Node node) throws EvalException {
        return toValue(eval(node));
    }

    /** Evaluates and converts the result like Java string concatenation would. */
    public String evaluateToString(Node node) throws EvalException {
        return stringify(value(eval(node)));
    }

    public boolean evaluateToBoolean(Node node) throws EvalException {
        return asBoolean(value(eval(node)));
    }

    /**
     * Evaluates the expression and converts the result for assignment to a variable of the
     * named type, as Java's assignment conversion does (widening, boxing, unboxing, and an int
     * literal narrowed to byte/short/char when it fits); anything else is an error.
     */
    public Value evaluateForAssignment(Node node, String targetType) throws EvalException {
        Object v = value(eval(node));
        if (v instanceof VoidValue) {
            throw new EvalException("a void method result has no value");
        }
        if (cost(targetType, v) < 0 && !fitsAsConstant(node, v, targetType)) {
            throw new EvalException("incompatible types: " + typeName(v) + " cannot be converted to " + targetType);
        }
        return convert(targetType, v);
    }

    private static boolean fitsAsConstant(Node node, Object v, String targetType) {
        boolean literal = node instanceof Node.Literal
            || node instanceof Node.Unary u && u.operand() instanceof Node.Literal;
        if (!literal || !(v instanceof com.sun.jdi.IntegerValue i)) {
            return false;
        }
        int n = i.value();
        return switch (targetType) {
            case "byte" -> n >= Byte.MIN_VALUE && n <= Byte.MAX_VALUE;
            case "short" -> n >= Short.MIN_VALUE && n <= Short.MAX_VALUE;
            case "char" -> n >= Character.MIN_VALUE && n <= Character.MAX_VALUE;
            default -> false;
        };
    }

    // ---------------------------------------------------------------- tree walk

    private Object eval(Node node) throws EvalException {
        try {
            if (node instanceof Node.Literal lit) {
                return literal(lit.value());
            } else if (node instanceof Node.Name n) {
                return resolveName(n.name());
            } else if (node instanceof Node.This) {
                ObjectReference self = thisObject();
                if (self == null) {
                    throw new EvalException("'this' is not available in a static context");
                }
                return self;
            } else if (node instanceof Node.FieldAccess fa) {
                return field(eval(fa.target()), fa.name(), fa.target());
            } else if (node instanceof Node.ArrayIndex ai) {
                return arrayElement(value(eval(ai.array())), value(eval(ai.index())));
            } else if (node instanceof Node.Call call) {
                return call(call);
            } else if (node instanceof Node.Unary u) {
                return unary(u.op(), value(eval(u.operand())));
            } else if (node instanceof Node.Binary b) {
                return binary(b);
            } else if (node instanceof Node.Conditional c) {
                return asBoolean(value(eval(c.condition()))) ? eval(c.whenTrue()) : eval(c.whenFalse());
            }
            throw new EvalException("unsupported expression");
        } catch (ObjectCollectedException e) {
            throw new EvalException("an object was garbage-collected during evaluation; try again");
        } catch (InvalidStackFrameException e) {
            throw new EvalException("the stack frame is no longer valid (the thread resumed)");
        }
    }

    private Object literal(Object v) {
        if (v == null || v instanceof String) {
            return v;
        } else if (v instanceof Integer i) {
            return vm.mirrorOf(i);
        } else if (v instanceof Long l) {
            return vm.mirrorOf(l);
        } else if (v instanceof Double d) {
            return vm.mirrorOf(d);
        } else if (v instanceof Float f) {
            return vm.mirrorOf(f);
        } else if (v instanceof Boolean b) {
            return vm.mirrorOf(b);
        } else if (v instanceof Character c) {
            return vm.mirrorOf(c);
        }
        throw new IllegalStateException("unknown literal " + v);
    }

    // ---------------------------------------------------------------- frame and names

    private StackFrame frame() throws EvalException {
        if (depth < 0) {
            return null;
        }
        try {
            return thread.frame(depth);
        } catch (IncompatibleThreadStateException e) {
            throw new EvalException("the thread is not suspended");
        } catch (IndexOutOfBoundsException e) {
            throw new EvalException("no stack frame at depth " + depth);
        }
    }

    private ObjectReference thisObject() throws EvalException {
        if (explicitThis != null) {
            return explicitThis;
        }
        StackFrame f = frame();
        return f == null ? null : f.thisObject();
    }

    private ReferenceType currentType() throws EvalException {
        if (explicitThis != null) {
            return explicitThis.referenceType();
        }
        StackFrame f = frame();
        return f == null ? null : f.location().declaringType();
    }

    private Object resolveName(String name) throws EvalException {
        StackFrame f = explicitThis == null ? frame() : null;
        if (f != null) {
            try {
                LocalVariable local = f.visibleVariableByName(name);
                if (local != null) {
                    return f.getValue(local);
                }
            } catch (AbsentInformationException e) {
                localsUnavailable = true;
            }
        }
        // fields of this, then of the enclosing instances (inner classes keep this$0)
        ObjectReference obj = thisObject();
        for (int hops = 0; obj != null && hops < MAX_OUTER_HOPS; hops++) {
            Field field = obj.referenceType().fieldByName(name);
            if (field != null) {
                return field.isStatic() ? field.declaringType().getValue(field) : obj.getValue(field);
            }
            Field outer = outerThisField(obj.referenceType());
            obj = outer == null ? null : obj.getValue(outer) instanceof ObjectReference o ? o : null;
        }
        // static fields of the current class and its enclosing classes
        for (ReferenceType t = currentType(); t != null; t = enclosingType(t)) {
            Field field = t.fieldByName(name);
            if (field != null && field.isStatic()) {
                return field.declaringType().getValue(field);
            }
        }
        ReferenceType type = findType(name);
        if (type != null) {
            return new TypeRef(type);
        }
        return new PackageRef(name);
    }

    private static Field outerThisField(ReferenceType type) {
        for (Field f : type.fields()) {
            if (f.name().startsWith("this$")) {
                return f;
            }
        }
        return null;
    }

    private ReferenceType enclosingType(ReferenceType t) {
        String name = t.name();
        int dollar = name.lastIndexOf('$');
        if (dollar <= 0) {
            return null;
        }
        List<ReferenceType> found = vm.classesByName(name.substring(0, dollar));
        return found.isEmpty() ? null : found.get(0);
    }

    /** Resolves a simple type name among loaded classes. */
    private ReferenceType findType(String simpleName) throws EvalException {
        List<String> candidates = new ArrayList<>();
        ReferenceType current = currentType();
        for (ReferenceType t = current; t != null; t = enclosingType(t)) {
            candidates.add(t.name() + "$" + simpleName);
        }
        if (current != null) {
            String n = current.name();
            int dot = n.lastIndexOf('.');
            candidates.add(dot < 0 ? simpleName : n.substring(0, dot + 1) + simpleName);
        } else {
            candidates.add(simpleName);
        }
        candidates.add("java.lang." + simpleName);
        candidates.add("java.util." + simpleName);
        for (String c : candidates) {
            List<ReferenceType> found = vm.classesByName(c);
            if (!found.isEmpty()) {
                return found.get(0);
            }
        }
        if (simpleName.isEmpty() || !Character.isUpperCase(simpleName.charAt(0))) {
            return null;
        }
        // last resort: a loaded class with that simple name anywhere (e.g. imported types)
        for (ReferenceType t : vm.allClasses()) {
            String n = t.name();
            if ((n.endsWith("." + simpleName) || n.endsWith("$" + simpleName)) && !(t instanceof ArrayType)) {
                return t;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- values

    /** Rejects type and package markers where a value is needed. */
    private Object value(Object v) throws EvalException {
        if (v instanceof TypeRef t) {
            throw new EvalException("'" + t.type().name() + "' is a type, not a value");
        }
        if (v instanceof PackageRef p) {
            throw unresolved(p.name());
        }
        return v;
    }

    private EvalException unresolved(String name) {
        String msg = "cannot resolve '" + name + "': not a local variable, field or loaded class";
        if (localsUnavailable) {
            msg += " (local variable information is missing: compile the debuggee with javac -g)";
        }
        return new EvalException(msg);
    }

    private Value toValue(Object v) throws EvalException {
        v = value(v);
        if (v instanceof String s) {
            return mirror(s);
        }
        return (Value) v;
    }

    private StringReference mirror(String s) {
        StringReference ref = vm.mirrorOf(s);
        pin(ref);
        return ref;
    }

    private void pin(ObjectReference ref) {
        try {
            ref.disableCollection();
            pinned.add(ref);
        } catch (RuntimeException ignored) {
            // already collected or unsupported: use as is
        }
    }

    private static String typeName(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String) {
            return "java.lang.String";
        }
        if (v instanceof Value value) {
            return value.type().name();
        }
        return v.toString();
    }

    private static boolean isStringish(Object v) {
        return v instanceof String || v instanceof StringReference;
    }

    /** Primitive value, unboxing wrapper objects; null if v is neither. */
    private PrimitiveValue unbox(Object v) {
        if (v instanceof PrimitiveValue p) {
            return p;
        }
        if (v instanceof ObjectReference o && !(v instanceof StringReference)) {
            ReferenceType t = o.referenceType();
            if (WRAPPERS.containsKey(t.name())) {
                Field f = t.fieldByName("value");
                if (f != null && o.getValue(f) instanceof PrimitiveValue p) {
                    return p;
                }
            }
        }
        return null;
    }

    private boolean asBoolean(Object v) throws EvalException {
        PrimitiveValue p = unbox(v);
        if (p instanceof BooleanValue b) {
            return b.value();
        }
        throw new EvalException("expected a boolean but found " + typeName(v));
    }

    private static String primitiveKind(PrimitiveValue p) {
        return p.type().name();
    }

    /** String conversion as in Java string concatenation; objects use their toString(). */
    private String stringify(Object v) throws EvalException {
        if (v == null) {
            return "null";
        } else if (v instanceof String s) {
            return s;
        } else if (v instanceof StringReference s) {
            return s.value();
        } else if (v instanceof CharValue c) {
            return String.valueOf(c.value());
        } else if (v instanceof BooleanValue b) {
            return String.valueOf(b.value());
        } else if (v instanceof LongValue l) {
            return String.valueOf(l.value());
        } else if (v instanceof FloatValue f) {
            return String.valueOf(f.value());
        } else if (v instanceof DoubleValue d) {
            return String.valueOf(d.value());
        } else if (v instanceof PrimitiveValue p) {
            return String.valueOf(p.intValue());
        } else if (v instanceof VoidValue) {
            throw new EvalException("a void method result has no value");
        } else if (v instanceof ObjectReference o) {
            PrimitiveValue boxed = unbox(o);
            if (boxed != null) {
                return stringify(boxed);
            }
            Method toString = findToString(o.referenceType());
            if (toString == null) {
                return o.referenceType().name() + "@" + Long.toHexString(o.uniqueID());
            }
            invoked = true;
            Value result = invoker.invoke(thread, o, toString, List.of(), false);
            return result instanceof StringReference s ? s.value() : "null";
        }
        throw new EvalException("cannot convert " + typeName(v) + " to a string");
    }

    private Method findToString(ReferenceType type) {
        ClassType ct = type instanceof ClassType c ? c : objectClass();
        return ct == null ? null : ct.concreteMethodByName("toString", "()Ljava/lang/String;");
    }

    private ClassType objectClass() {
        List<ReferenceType> found = vm.classesByName("java.lang.Object");
        return found.isEmpty() ? null : (ClassType) found.get(0);
    }

    // ---------------------------------------------------------------- fields and arrays

    private Object field(Object target, String name, Node targetNode) throws EvalException {
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
        throw new EvalException("cannot read field '" + name + "' of a " + typeName(target) + " value");
    }

    private static String describe(Node node) {
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

    private Object arrayElement(Object array, Object index) throws EvalException {
        if (array == null) {
            throw new EvalException("NullPointerException: cannot index a null array");
        }
        if (!(array instanceof ArrayReference arr)) {
            throw new EvalException("[] needs an array but found " + typeName(array));
        }
        PrimitiveValue p = unbox(index);
        if (p == null || p instanceof BooleanValue || p instanceof LongValue || p instanceof FloatValue
                || p instanceof DoubleValue) {
            throw new EvalException("array index must be an int but found " + typeName(index));
        }
        int i = p.intValue();
        if (i < 0 || i >= arr.length()) {
            throw new EvalException("ArrayIndexOutOfBoundsException: index " + i + " out of bounds for length " + arr.length());
        }
        return arr.getValue(i);
    }

    // ---------------------------------------------------------------- operators

    private Object unary(String op, Object v) throws EvalException {
        if (op.equals("!")) {
            return vm.mirrorOf(!asBoolean(v));
        }
        PrimitiveValue p = numeric(v, op);
        String kind = promote(primitiveKind(p), "int");
        boolean neg = op.equals("-");
        switch (kind) {
            case "double": return vm.mirrorOf(neg ? -p.doubleValue() : p.doubleValue());
            case "float": return vm.mirrorOf(neg ? -p.floatValue() : p.floatValue());
            case "long": return vm.mirrorOf(neg ? -p.longValue() : p.longValue());
            default: return vm.mirrorOf(neg ? -p.intValue() : p.intValue());
        }
    }

    private PrimitiveValue numeric(Object v, String op) throws EvalException {
        PrimitiveValue p = unbox(v);
        if (p == null || p instanceof BooleanValue) {
            throw new EvalException("operator '" + op + "' cannot be applied to " + typeName(v));
        }
        return p;
    }

    /** Binary numeric promotion of two primitive kinds. */
    private static String promote(String a, String b) {
        if (a.equals("double") || b.equals("double")) {
            return "double";
        }
        if (a.equals("float") || b.equals("float")) {
            return "float";
        }
        if (a.equals("long") || b.equals("long")) {
            return "long";
        }
        return "int";
    }

    private Object binary(Node.Binary b) throws EvalException {
        String op = b.op();
        if (op.equals("&&")) {
            return vm.mirrorOf(asBoolean(value(eval(b.left()))) && asBoolean(value(eval(b.right()))));
        }
        if (op.equals("||")) {
            return vm.mirrorOf(asBoolean(value(eval(b.left()))) || asBoolean(value(eval(b.right()))));
        }
        Object l = value(eval(b.left()));
        Object r = value(eval(b.right()));
        switch (op) {
            case "==": return vm.mirrorOf(equal(b.left(), l, b.right(), r));
            case "!=": return vm.mirrorOf(!equal(b.left(), l, b.right(), r));
            case "+":
                if (isStringish(l) || isStringish(r)) {
                    return stringify(l) + stringify(r);
                }
                return arithmetic(op, l, r);
            case "-": case "*": case "/": case "%":
                return arithmetic(op, l, r);
            case "<": case "<=": case ">": case ">=":
                return vm.mirrorOf(compare(op, l, r));
            default:
                throw new EvalException("operator '" + op + "' is not supported");
        }
    }

    private Object arithmetic(String op, Object l, Object r) throws EvalException {
        PrimitiveValue a = numeric(l, op);
        PrimitiveValue b = numeric(r, op);
        switch (promote(primitiveKind(a), primitiveKind(b))) {
            case "double": {
                double x = a.doubleValue();
                double y = b.doubleValue();
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
            case "float": {
                float x = a.floatValue();
                float y = b.floatValue();
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
            case "long": {
                long x = a.longValue();
                long y = b.longValue();
                if ((op.equals("/") || op.equals("%")) && y == 0) {
                    throw new EvalException("ArithmeticException: / by zero");
                }
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
            default: {
                int x = a.intValue();
                int y = b.intValue();
                if ((op.equals("/") || op.equals("%")) && y == 0) {
                    throw new EvalException("ArithmeticException: / by zero");
                }
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
        }
    }

    private boolean compare(String op, Object l, Object r) throws EvalException {
        PrimitiveValue a = numeric(l, op);
        PrimitiveValue b = numeric(r, op);
        String kind = promote(primitiveKind(a), primitiveKind(b));
        int c;
        if (kind.equals("double") || kind.equals("float")) {
            double x = a.doubleValue();
            double y = b.doubleValue();
            // NaN compares false for every operator, as in Java
            if (Double.isNaN(x) || Double.isNaN(y)) {
                return false;
            }
            c = Double.compare(x, y);
            if (x == y) {
                c = 0; // -0.0 == 0.0
            }
        } else {
            c = Long.compare(a.longValue(), b.longValue());
        }
        switch (op) {
            case "<": return c < 0;
            case "<=": return c <= 0;
            case ">": return c > 0;
            default: return c >= 0;
        }
    }

    /**
     * Java {@code ==} (JLS 15.21): numeric or boolean equality when at least one side is a
     * primitive (the other is unboxed), otherwise reference identity, also for strings and
     * boxed values. A string literal is the interned instance, as in Java.
     */
    private boolean equal(Node leftNode, Object l, Node rightNode, Object r) throws EvalException {
        if (l instanceof PrimitiveValue || r instanceof PrimitiveValue) {
            PrimitiveValue a = unbox(l);
            PrimitiveValue b = unbox(r);
            if (a == null || b == null) {
                throw new EvalException("incomparable types: " + typeName(l) + " and " + typeName(r));
            }
            if (a instanceof BooleanValue || b instanceof BooleanValue) {
                if (!(a instanceof BooleanValue x) || !(b instanceof BooleanValue y)) {
                    throw new EvalException("incomparable types: " + typeName(l) + " and " + typeName(r));
                }
                return x.value() == y.value();
            }
            String kind = promote(primitiveKind(a), primitiveKind(b));
            if (kind.equals("double") || kind.equals("float")) {
                return a.doubleValue() == b.doubleValue();
            }
            return a.longValue() == b.longValue();
        }
        if (l == null || r == null) {
            return l == r;
        }
        if (l instanceof String || r instanceof String) {
            return stringIdentity(leftNode, l, rightNode, r);
        }
        return l.equals(r); // JDI mirrors of the same object are equal
    }

    /** Identity of strings where one side exists only here (a literal or a concatenation). */
    private boolean stringIdentity(Node leftNode, Object l, Node rightNode, Object r) throws EvalException {
        boolean leftLiteral = leftNode instanceof Node.Literal;
        boolean rightLiteral = rightNode instanceof Node.Literal;
        if (l instanceof String && !leftLiteral || r instanceof String && !rightLiteral) {
            throw new EvalException("'==' on a string built with '+' compares object identity with a new object; "
                + "use .equals(...) to compare contents");
        }
        if (!isStringish(l) || !isStringish(r)) {
            return false; // a literal is never the same object as a non-string
        }
        if (!stringify(l).equals(stringify(r))) {
            return false;
        }
        if (l instanceof String && r instanceof String) {
            return true; // two equal literals are the same interned string
        }
        // equal contents: the debuggee's string is the literal only if it is the interned instance
        StringReference ref = (StringReference) (l instanceof StringReference ? l : r);
        Method intern = findMethod(ref.referenceType(), "intern", "()Ljava/lang/String;");
        if (intern == null) {
            throw new EvalException("cannot tell whether the string is the interned literal: String.intern() not found");
        }
        invoked = true;
        return ref.equals(invoker.invoke(thread, ref, intern, List.of(), false));
    }

    private static Method findMethod(ReferenceType type, String name, String signature) {
        return type instanceof ClassType ct ? ct.concreteMethodByName(name, signature) : null;
    }

    // ---------------------------------------------------------------- method calls

    private Object call(Node.Call call) throws EvalException {
        String name = call.name();
        if (call.target() == null) {
            List<Object> args = arguments(call.args());
            ObjectReference obj = thisObject();
            for (int hops = 0; obj != null && hops < MAX_OUTER_HOPS; hops++) {
                Method m = selectMethod(obj.referenceType(), name, args, false, false);
                if (m != null) {
                    return invoke(obj, m, args);
                }
                Field outer = outerThisField(obj.referenceType());
                obj = outer == null ? null : obj.getValue(outer) instanceof ObjectReference o ? o : null;
            }
            for (ReferenceType t = currentType(); t != null; t = enclosingType(t)) {
                Method m = selectMethod(t, name, args, true, false);
                if (m != null) {
                    return invoke(null, m, args);
                }
            }
            ReferenceType here = currentType();
            if (here == null) {
                throw new EvalException("no method " + name + "(...) in scope");
            }
            selectMethod(thisObject() != null ? thisObject().referenceType() : here, name, args, thisObject() == null, true);
            throw new EvalException("no method " + name + "(...) in scope");
        }
        Object target = eval(call.target());
        if (target instanceof PackageRef p) {
            throw unresolved(p.name());
        }
        List<Object> args = arguments(call.args());
        if (target instanceof TypeRef t) {
            Method m = selectMethod(t.type(), name, args, true, true);
            return invoke(null, m, args);
        }
        if (target == null) {
            throw new EvalException("NullPointerException: cannot invoke " + name + "() because '"
                + describe(call.target()) + "' is null");
        }
        if (target instanceof String s) {
            target = mirror(s);
        }
        if (!(target instanceof ObjectReference obj)) {
            throw new EvalException("cannot invoke " + name + "() on a primitive " + typeName(target) + " value");
        }
        ReferenceType type = obj instanceof ArrayReference ? objectClass() : obj.referenceType();
        Method m = selectMethod(type, name, args, false, true);
        return invoke(obj, m, args);
    }

    private List<Object> arguments(List<Node> nodes) throws EvalException {
        List<Object> args = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            Object v = value(eval(n));
            if (v instanceof ObjectReference o && !pinned.contains(o)) {
                // keep argument objects alive while later arguments run methods
                pin(o);
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
                argTypes.add(typeName(a));
            }
            String what = name + "(" + String.join(", ", argTypes) + ")";
            throw new EvalException(sb.length() == 0
                ? "no " + (staticOnly ? "static " : "") + "method '" + name + "' in " + type.name()
                : "no applicable overload for " + what + " in " + type.name() + "; candidates: " + sb);
        }
        return best;
    }

    /** Conversion cost of passing arg to a parameter of the named type; -1 if impossible. */
    private int cost(String param, Object arg) {
        boolean paramPrimitive = BOX.containsKey(param);
        if (arg == null) {
            return paramPrimitive ? -1 : 1;
        }
        if (arg instanceof String) {
            return param.equals("java.lang.String") ? 0 : param.equals("java.lang.Object") ? 2
                : STRING_SUPERTYPES.contains(param) ? 1 : -1;
        }
        if (arg instanceof PrimitiveValue p) {
            String kind = primitiveKind(p);
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
                PrimitiveValue p = unbox(o);
                if (p == null) {
                    return -1;
                }
                int c = primitiveCost(primitiveKind(p), param);
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
        invoked = true;
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
            pin(o);
        }
        return result;
    }

    private Value convert(String param, Object arg) throws EvalException {
        if (arg == null) {
            return null;
        }
        if (BOX.containsKey(param)) {
            PrimitiveValue p = unbox(arg);
            if (p == null) {
                throw new EvalException("cannot pass " + typeName(arg) + " as " + param);
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
            return mirror(s);
        }
        if (arg instanceof PrimitiveValue p) {
            return box(p);
        }
        return (Value) arg;
    }

    /** Boxes a primitive in the debuggee with the wrapper's valueOf(). */
    private Value box(PrimitiveValue p) throws EvalException {
        String kind = primitiveKind(p);
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
        invoked = true;
        Value boxed = invoker.invokeStatic(thread, valueOf, List.of(p));
        if (boxed instanceof ObjectReference o) {
            pin(o);
        }
        return boxed;
    }
}
