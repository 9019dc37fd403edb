package dev.dapgate.javadebughost.eval;

import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.InvocationException;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs method invocations in the debuggee with a time limit and tracks which threads are
 * currently executing one (the core must auto-resume breakpoints hit during an invocation).
 *
 * <p>JDI has no way to cancel an invocation: when the limit passes, the caller gets an error
 * but the method keeps running in the debuggee; the thread counts as "in evaluation" until
 * it returns.
 */
public final class Invoker {
    private final long timeoutMillis;
    private final Map<Long, AtomicInteger> busy = new ConcurrentHashMap<>();
    private final Map<Long, AtomicLong> started = new ConcurrentHashMap<>();
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "java-debug-host-invoke");
        t.setDaemon(true);
        return t;
    });

    public Invoker(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    public long timeoutMillis() {
        return timeoutMillis;
    }

    /** True while the thread executes a method invocation started here. */
    public boolean isBusy(ThreadReference thread) {
        AtomicInteger n = busy.get(thread.uniqueID());
        return n != null && n.get() > 0;
    }

    /** How many invocations were ever started on the thread (to detect stale frames). */
    public long invocations(ThreadReference thread) {
        AtomicLong n = started.get(thread.uniqueID());
        return n == null ? 0 : n.get();
    }

    /** Instance (virtual, or non-virtual when {@code nonVirtual}) invocation. */
    public Value invoke(ThreadReference thread, ObjectReference target, Method method, List<? extends Value> args,
            boolean nonVirtual) throws EvalException {
        int options = ObjectReference.INVOKE_SINGLE_THREADED | (nonVirtual ? ObjectReference.INVOKE_NONVIRTUAL : 0);
        return run(thread, method, () -> target.invokeMethod(thread, method, args, options));
    }

    /** Static invocation. */
    public Value invokeStatic(ThreadReference thread, Method method, List<? extends Value> args) throws EvalException {
        if (method.declaringType() instanceof ClassType type) {
            return run(thread, method, () -> type.invokeMethod(thread, method, args, ClassType.INVOKE_SINGLE_THREADED));
        }
        if (method.declaringType() instanceof InterfaceType type) {
            return run(thread, method, () -> type.invokeMethod(thread, method, args, ClassType.INVOKE_SINGLE_THREADED));
        }
        throw new EvalException("cannot invoke static method " + method.name() + " on " + method.declaringType().name());
    }

    private interface JdiCall {
        Value call() throws Exception;
    }

    private Value run(ThreadReference thread, Method method, JdiCall call) throws EvalException {
        refuseWhenHeldTwice(thread, method);
        long id = thread.uniqueID();
        busy.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        started.computeIfAbsent(id, k -> new AtomicLong()).incrementAndGet();
        Future<Value> future;
        try {
            future = pool.submit(() -> {
                try {
                    return call.call();
                } finally {
                    busy.get(id).decrementAndGet();
                }
            });
        } catch (RuntimeException e) {
            busy.get(id).decrementAndGet();
            throw new EvalException("cannot start method invocation: " + e);
        }
        try {
            return future.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new EvalException(method.name() + "() did not return within " + timeoutMillis
                + " ms; it keeps running in the debuggee and the thread stays busy until it returns");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EvalException("interrupted while invoking " + method.name() + "()");
        } catch (ExecutionException e) {
            throw describe(method, e.getCause());
        }
    }

    /**
     * A thread stopped at an event and paused besides (a pause that came while a breakpoint's
     * condition was being tested) is suspended twice: a call resumes it once, so it would never
     * run, and JDWP keeps the call queued: it runs when the thread is let go and suspends the
     * thread again after it, which froze the program after the debugger had resumed it.
     */
    private static void refuseWhenHeldTwice(ThreadReference thread, Method method) throws EvalException {
        int holds;
        try {
            holds = thread.suspendCount();
        } catch (RuntimeException e) {
            return;
        }
        if (holds > 1) {
            throw new EvalException("cannot call " + method.name() + "(): the thread is suspended " + holds
                + " times (stopped at an event and paused besides), so a call could not run now and would freeze it"
                + " later; continue it once and evaluate at its next stop");
        }
    }

    private static EvalException describe(Method method, Throwable cause) {
        if (cause instanceof InvocationException ie) {
            ObjectReference ex = ie.exception();
            String type = ex.referenceType().name();
            String message = null;
            try {
                Field f = ex.referenceType().fieldByName("detailMessage");
                if (f != null && ex.getValue(f) instanceof StringReference s) {
                    message = s.value();
                }
            } catch (RuntimeException ignored) {
                // best effort
            }
            return new EvalException(method.name() + "() threw " + type + (message != null ? ": " + message : ""));
        }
        if (cause instanceof IncompatibleThreadStateException) {
            // JDI invokes only in a thread suspended by an event (breakpoint, step, exception);
            // a pause (VM or thread suspend) is not one, and cannot be turned into one from here.
            return new EvalException("cannot call " + method.name() + "(): the thread was paused, not stopped at "
                + "a breakpoint or step (or it still runs an earlier call), and Java can only call methods in a "
                + "thread stopped at an event; step once, then evaluate");
        }
        return new EvalException("invoking " + method.name() + "() failed: " + cause);
    }
}
