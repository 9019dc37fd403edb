package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.adapter.ErrorCode;
import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.variables.IVariableFormatter;
import com.microsoft.java.debug.core.adapter.variables.StackFrameReference;
import com.microsoft.java.debug.core.adapter.variables.VariableDetailUtils;
import com.microsoft.java.debug.core.adapter.variables.VariableProxy;
import com.microsoft.java.debug.core.adapter.variables.VariableUtils;
import com.microsoft.java.debug.core.protocol.Messages;
import com.microsoft.java.debug.core.protocol.Requests.SetVariableArguments;
import com.microsoft.java.debug.core.protocol.Responses;
import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ArrayReference;
import com.sun.jdi.ArrayType;
import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.InvalidTypeException;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import dev.dapgate.javadebughost.eval.EvalException;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * DAP setVariable with the value as a Java expression: it is evaluated with this host's
 * evaluator (in the variable's frame, or the top frame for members of objects), converted as a
 * Java assignment would (a String into an int is an error), then stored. The core's own handler
 * parsed the text as a literal ("m.toUpperCase()" became that string).
 */
final class SetVariableHandler {
    private final EvaluationProvider evaluator;

    SetVariableHandler(EvaluationProvider evaluator) {
        this.evaluator = evaluator;
    }

    private interface Setter {
        void set(Value value) throws InvalidTypeException, ClassNotLoadedException, EvalException;
    }

    /** A pending assignment: the Java type the value must have and where it goes. */
    private record Target(String typeName, Setter setter) {
    }

    CompletableFuture<Messages.Response> handle(Messages.Request request, SetVariableArguments args) {
        Messages.Response response = new Messages.Response(request.seq, request.command, true);
        try {
            IDebugAdapterContext context = evaluator.context();
            if (context == null) {
                throw new EvalException("no debug session: launch or attach first");
            }
            if (args.value == null || args.name == null || args.name.isBlank()) {
                throw new EvalException("setVariable needs a name and a value");
            }
            Object container = context.getRecyclableIdPool().getObjectById(args.variablesReference);
            if (!(container instanceof VariableProxy proxy)) {
                throw new EvalException("cannot set '" + args.name + "': the thread resumed since the variables were read");
            }
            ThreadReference thread = proxy.getThread();
            Object owner = proxy.getProxiedVariable();
            int depth = owner instanceof StackFrameReference frame ? frame.getDepth() : 0;
            Target target = target(context, thread, owner, args.name);
            return evaluator.evaluateForAssignment(args.value, thread, depth, target.typeName())
                // async: the evaluation completes while holding the thread's evaluation lock,
                // and showing the new value may call toString() through the same provider
                .thenApplyAsync(value -> {
                    // find the target again: an evaluation that called methods refreshes the frames
                    store(retarget(context, thread, owner, args.name), value);
                    response.body = body(context, thread, value, args);
                    return response;
                })
                .exceptionally(e -> fail(response, e));
        } catch (Exception e) {
            return CompletableFuture.completedFuture(fail(response, e));
        }
    }

    private Target retarget(IDebugAdapterContext context, ThreadReference thread, Object owner, String name) {
        try {
            return target(context, thread, owner, name);
        } catch (EvalException e) {
            throw new CompletionException(e);
        }
    }

    private static void store(Target target, Value value) {
        try {
            target.setter().set(value);
        } catch (EvalException e) {
            throw new CompletionException(e);
        } catch (InvalidTypeException | ClassNotLoadedException e) {
            throw new CompletionException(new EvalException("cannot store the value: " + e.getMessage()));
        }
    }

    private Target target(IDebugAdapterContext context, ThreadReference thread, Object owner, String name)
            throws EvalException {
        if (owner instanceof StackFrameReference ref) {
            StackFrame frame = context.getStackFrameManager().getStackFrame(ref);
            LocalVariable local;
            try {
                local = frame.visibleVariableByName(name);
            } catch (AbsentInformationException e) {
                throw new EvalException("local variable information is missing: compile the debuggee with javac -g");
            }
            if (local == null) {
                throw new EvalException("no local variable '" + name + "' in this frame"
                    + (name.equals("this") ? " ('this' cannot be assigned)" : ""));
            }
            return new Target(local.typeName(), v -> frame.setValue(local, v));
        }
        if (owner instanceof ArrayReference array) {
            int index = index(name, array.length());
            String type = ((ArrayType) array.referenceType()).componentTypeName();
            return new Target(type, v -> array.setValue(index, v));
        }
        if (owner instanceof ObjectReference obj) {
            Field field = obj.referenceType().fieldByName(name);
            if (field != null) {
                if (field.isFinal()) {
                    throw new EvalException("'" + name + "' is final and cannot be changed");
                }
                if (field.isStatic()) {
                    if (!(field.declaringType() instanceof ClassType ct)) {
                        throw new EvalException("'" + name + "' is an interface constant and cannot be changed");
                    }
                    return new Target(field.typeName(), v -> ct.setValue(field, v));
                }
                return new Target(field.typeName(), v -> obj.setValue(field, v));
            }
            if (isList(obj) && name.matches("\\d+")) {
                int index = Integer.parseInt(name);
                // List.set(int, Object) in the debuggee, with the value already boxed
                return new Target("java.lang.Object", v -> evaluator.listSet(thread, obj, index, v));
            }
            throw new EvalException("no field '" + name + "' in " + obj.referenceType().name());
        }
        throw new EvalException("cannot set '" + name + "' in this scope");
    }

    private static boolean isList(ObjectReference obj) {
        return obj.referenceType() instanceof ClassType ct
            && ct.allInterfaces().stream().anyMatch(i -> i.name().equals("java.util.List"));
    }

    private static int index(String name, int length) throws EvalException {
        try {
            int i = Integer.parseInt(name);
            if (i >= 0 && i < length) {
                return i;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new EvalException("'" + name + "' is not an index of this array (length " + length + ")");
    }

    /** The new value as the variables view shows it (with its toString() detail), not expandable. */
    private Responses.SetVariablesResponseBody body(IDebugAdapterContext context, ThreadReference thread, Value value,
            SetVariableArguments args) {
        IVariableFormatter formatter = context.getVariableFormatter();
        Map<String, Object> options = formatter.getDefaultOptions();
        VariableUtils.applyFormatterOptions(options, args.format != null && args.format.hex);
        String text = formatter.valueToString(value, options);
        String detail = VariableDetailUtils.formatDetailsValue(value, thread, formatter, options, evaluator);
        return new Responses.SetVariablesResponseBody(formatter.typeToString(value == null ? null : value.type(), options),
            detail == null ? text : text + " " + detail, 0, 0);
    }

    private static Messages.Response fail(Messages.Response response, Throwable e) {
        while (e instanceof CompletionException && e.getCause() != null) {
            e = e.getCause();
        }
        String message = e instanceof EvalException || e instanceof com.microsoft.java.debug.core.DebugException
            ? e.getMessage() : e.toString();
        response.success = false;
        response.message = message;
        response.body = new Responses.ErrorResponseBody(
            new com.microsoft.java.debug.core.protocol.Types.Message(ErrorCode.SET_VARIABLE_FAILURE.getId(), message));
        return response;
    }
}
