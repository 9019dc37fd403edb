package dev.dapgate.javadebughost.step;

import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.sun.jdi.ThreadReference;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads that stopped at the end of a step, by id: the next step of the same thread finds
 * it here instead of asking the debuggee for all of its threads (the core's
 * {@code DebugUtility.getThread}, two JDWP round trips a step). A thread that ended since throws
 * ObjectCollectedException at its first use, and the caller then looks it up as the core does.
 */
public final class SteppedThreads {
    private final Map<Long, ThreadReference> byId = new ConcurrentHashMap<>();

    public ThreadReference get(IDebugAdapterContext context, long threadId) {
        ThreadReference thread = byId.get(threadId);
        // a host serves one VM; checked anyway, so that a reference never reaches another one
        return thread != null && thread.virtualMachine() == context.getDebugSession().getVM() ? thread : null;
    }

    public void remember(ThreadReference thread) {
        byId.put(thread.uniqueID(), thread);
    }

    public void forget(long threadId) {
        byId.remove(threadId);
    }
}
