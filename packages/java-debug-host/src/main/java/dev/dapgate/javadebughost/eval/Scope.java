package dev.dapgate.javadebughost.eval;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ArrayType;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;

import java.util.ArrayList;
import java.util.List;
import dev.dapgate.javadebughost.eval.Interpreter.PackageRef;
import dev.dapgate.javadebughost.eval.Interpreter.TypeRef;

/**
 * Where an evaluation runs (a frame of a thread, or an explicit {@code this}) and how simple
 * names resolve there: locals, fields of {@code this} and enclosing instances, statics, types.
 */
final class Scope {
    private final VirtualMachine vm;
    private final ThreadReference thread;
    private final int depth;
    private final ObjectReference explicitThis;
    private boolean localsUnavailable;

    Scope(ThreadReference thread, int depth, ObjectReference explicitThis) {
        this.vm = thread.virtualMachine();
        this.thread = thread;
        this.depth = depth;
        this.explicitThis = explicitThis;
    }

    /** True once a name lookup found the frame without local variable information. */
    boolean localsUnavailable() {
        return localsUnavailable;
    }

    StackFrame frame() throws EvalException {
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

    ObjectReference thisObject() throws EvalException {
        if (explicitThis != null) {
            return explicitThis;
        }
        StackFrame f = frame();
        return f == null ? null : f.thisObject();
    }

    ReferenceType currentType() throws EvalException {
        if (explicitThis != null) {
            return explicitThis.referenceType();
        }
        StackFrame f = frame();
        return f == null ? null : f.location().declaringType();
    }

    Object resolveName(String name) throws EvalException {
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
        for (int hops = 0; obj != null && hops < Interpreter.MAX_OUTER_HOPS; hops++) {
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

    static Field outerThisField(ReferenceType type) {
        for (Field f : type.fields()) {
            if (f.name().startsWith("this$")) {
                return f;
            }
        }
        return null;
    }

    ReferenceType enclosingType(ReferenceType t) {
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

}
