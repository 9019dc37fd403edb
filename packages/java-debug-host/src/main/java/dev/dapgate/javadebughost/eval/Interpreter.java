package dev.dapgate.javadebughost.eval;

import com.sun.jdi.BooleanValue;
import com.sun.jdi.CharValue;
import com.sun.jdi.ClassType;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.Field;
import com.sun.jdi.FloatValue;
import com.sun.jdi.InvalidStackFrameException;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VoidValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
    record TypeRef(ReferenceType type) {
    }

    /** A name that resolved to nothing yet (maybe a package prefix). */
    record PackageRef(String name) {
    }

    private static final Map<String, String> WRAPPERS = Map.of(
        "java.lang.Integer", "int", "java.lang.Long", "long", "java.lang.Double", "double",
        "java.lang.Float", "float", "java.lang.Boolean", "boolean", "java.lang.Character", "char",
        "java.lang.Byte", "byte", "java.lang.Short", "short");
    static final int MAX_OUTER_HOPS = 10;

    private final VirtualMachine vm;
    private final ThreadReference thread;
    private final Scope scope;
    private final Invoker invoker;
    private final List<ObjectReference> pinned = new ArrayList<>();
    private final Members members;
    private final Operators ops;
    private final MethodCalls calls;
    private boolean invoked;

    /**
     * @param depth        frame index in the thread, or -1 to evaluate without a frame
     * @param explicitThis object used as {@code this} instead of the frame's (may be null)
     */
    public Interpreter(ThreadReference thread, int depth, ObjectReference explicitThis, Invoker invoker) {
        this.vm = thread.virtualMachine();
        this.thread = thread;
        this.invoker = invoker;
        this.scope = new Scope(thread, depth, explicitThis);
        // after vm, thread and invoker: the helpers read them once
        this.members = new Members(this);
        this.ops = new Operators(this);
        this.calls = new MethodCalls(this);
    }

    VirtualMachine vm() {
        return vm;
    }

    ThreadReference thread() {
        return thread;
    }

    Invoker invoker() {
        return invoker;
    }

    ObjectReference thisObject() throws EvalException {
        return scope.thisObject();
    }

    ReferenceType currentType() throws EvalException {
        return scope.currentType();
    }

    ReferenceType enclosingType(ReferenceType t) {
        return scope.enclosingType(t);
    }

    void markInvoked() {
        invoked = true;
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
        if (calls.cost(targetType, v) < 0 && !fitsAsConstant(node, v, targetType)) {
            throw new EvalException("incompatible types: " + typeName(v) + " cannot be converted to " + targetType);
        }
        return calls.convert(targetType, v);
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

    Object eval(Node node) throws EvalException {
        try {
            if (node instanceof Node.Literal lit) {
                return literal(lit.value());
            } else if (node instanceof Node.Name n) {
                return scope.resolveName(n.name());
            } else if (node instanceof Node.This) {
                ObjectReference self = thisObject();
                if (self == null) {
                    throw new EvalException("'this' is not available in a static context");
                }
                return self;
            } else if (node instanceof Node.FieldAccess fa) {
                return members.field(eval(fa.target()), fa.name(), fa.target());
            } else if (node instanceof Node.ArrayIndex ai) {
                return members.arrayElement(value(eval(ai.array())), value(eval(ai.index())));
            } else if (node instanceof Node.Call call) {
                return calls.call(call);
            } else if (node instanceof Node.Unary u) {
                return ops.unary(u.op(), value(eval(u.operand())));
            } else if (node instanceof Node.Binary b) {
                return ops.binary(b);
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

    // ---------------------------------------------------------------- values

    /** Rejects type and package markers where a value is needed. */
    Object value(Object v) throws EvalException {
        if (v instanceof TypeRef t) {
            throw new EvalException("'" + t.type().name() + "' is a type, not a value");
        }
        if (v instanceof PackageRef p) {
            throw unresolved(p.name());
        }
        return v;
    }

    EvalException unresolved(String name) {
        String msg = "cannot resolve '" + name + "': not a local variable, field or loaded class";
        if (scope.localsUnavailable()) {
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

    StringReference mirror(String s) {
        StringReference ref = vm.mirrorOf(s);
        pin(ref);
        return ref;
    }

    void pin(ObjectReference ref) {
        try {
            ref.disableCollection();
            pinned.add(ref);
        } catch (RuntimeException ignored) {
            // already collected or unsupported: use as is
        }
    }

    static String typeName(Object v) {
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

    static boolean isStringish(Object v) {
        return v instanceof String || v instanceof StringReference;
    }

    /** Primitive value, unboxing wrapper objects; null if v is neither. */
    PrimitiveValue unbox(Object v) {
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

    boolean asBoolean(Object v) throws EvalException {
        PrimitiveValue p = unbox(v);
        if (p instanceof BooleanValue b) {
            return b.value();
        }
        throw new EvalException("expected a boolean but found " + typeName(v));
    }

    static String primitiveKind(PrimitiveValue p) {
        return p.type().name();
    }

    /** String conversion as in Java string concatenation; objects use their toString(). */
    String stringify(Object v) throws EvalException {
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

    ClassType objectClass() {
        List<ReferenceType> found = vm.classesByName("java.lang.Object");
        return found.isEmpty() ? null : (ClassType) found.get(0);
    }

}
