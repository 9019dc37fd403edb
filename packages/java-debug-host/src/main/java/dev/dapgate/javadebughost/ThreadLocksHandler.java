package dev.dapgate.javadebughost;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.microsoft.java.debug.core.adapter.ErrorCode;
import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.protocol.Messages;
import com.microsoft.java.debug.core.protocol.Types;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;

import java.util.concurrent.CompletableFuture;

/**
 * The custom request {@code threadLocks} (debug_snapshot): per thread, its JDI status, the
 * monitors it holds and the one it waits for (with that monitor's owner), as JDI tells them for
 * suspended threads. Answers {threads: [{id, status, suspended, owned: [{type, id}], waitingFor:
 * {type, id, owner?}}], monitorInfo}; {@code monitorInfo} is false when the VM cannot tell
 * (canGetOwnedMonitorInfo / canGetCurrentContendedMonitor / canGetMonitorInfo).
 */
final class ThreadLocksHandler {
    private final EvaluationProvider evaluator;

    ThreadLocksHandler(EvaluationProvider evaluator) {
        this.evaluator = evaluator;
    }

    CompletableFuture<Messages.Response> handle(Messages.Request request) {
        Messages.Response response = new Messages.Response(request.seq, request.command, true);
        return CompletableFuture.supplyAsync(() -> {
            try {
                IDebugAdapterContext context = evaluator.context();
                if (context == null || context.getDebugSession() == null) {
                    throw new IllegalStateException("no debug session: launch or attach first");
                }
                response.body = locks(context.getDebugSession().getVM());
            } catch (RuntimeException e) {
                response.success = false;
                response.message = e.getMessage();
                response.body = new com.microsoft.java.debug.core.protocol.Responses.ErrorResponseBody(
                    new Types.Message(ErrorCode.UNKNOWN_FAILURE.getId(), "threadLocks failed: " + e.getMessage()));
            }
            return response;
        });
    }

    private static JsonObject locks(VirtualMachine vm) {
        boolean owned = vm.canGetOwnedMonitorInfo();
        boolean contended = vm.canGetCurrentContendedMonitor();
        boolean owners = vm.canGetMonitorInfo();
        JsonArray threads = new JsonArray();
        for (ThreadReference t : vm.allThreads()) {
            JsonObject o = new JsonObject();
            try {
                o.addProperty("id", t.uniqueID());
                o.addProperty("status", status(t.status()));
                o.addProperty("suspended", t.isSuspended());
                if (t.isSuspended()) {
                    if (owned) {
                        JsonArray held = new JsonArray();
                        for (ObjectReference m : t.ownedMonitors()) {
                            held.add(describe(m));
                        }
                        o.add("owned", held);
                    }
                    ObjectReference waiting = contended ? t.currentContendedMonitor() : null;
                    if (waiting != null) {
                        JsonObject w = describe(waiting);
                        ThreadReference owner = owners ? waiting.owningThread() : null;
                        if (owner != null) {
                            w.addProperty("owner", owner.uniqueID());
                        }
                        o.add("waitingFor", w);
                    }
                }
            } catch (IncompatibleThreadStateException | ObjectCollectedException e) {
                o.addProperty("error", e.toString());
            }
            threads.add(o);
        }
        JsonObject body = new JsonObject();
        body.add("threads", threads);
        body.addProperty("monitorInfo", owned && contended && owners);
        return body;
    }

    private static JsonObject describe(ObjectReference m) {
        JsonObject o = new JsonObject();
        o.addProperty("type", m.referenceType().name());
        o.addProperty("id", m.uniqueID());
        return o;
    }

    private static String status(int status) {
        return switch (status) {
            case ThreadReference.THREAD_STATUS_MONITOR -> "monitor";
            case ThreadReference.THREAD_STATUS_WAIT -> "wait";
            case ThreadReference.THREAD_STATUS_SLEEPING -> "sleeping";
            case ThreadReference.THREAD_STATUS_RUNNING -> "running";
            case ThreadReference.THREAD_STATUS_ZOMBIE -> "zombie";
            case ThreadReference.THREAD_STATUS_NOT_STARTED -> "not started";
            default -> "unknown";
        };
    }
}
