package dev.dapgate.javadebughost.breakpoints;

import com.microsoft.java.debug.core.IBreakpoint;
import com.microsoft.java.debug.core.IDebugSession;
import com.microsoft.java.debug.core.adapter.AdapterUtils;
import com.microsoft.java.debug.core.adapter.ErrorCode;
import com.microsoft.java.debug.core.adapter.IBreakpointManager;
import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.IDebugRequestHandler;
import com.microsoft.java.debug.core.adapter.ISourceLookUpProvider;
import com.microsoft.java.debug.core.protocol.Events;
import com.microsoft.java.debug.core.protocol.Messages.Response;
import com.microsoft.java.debug.core.protocol.Requests.Arguments;
import com.microsoft.java.debug.core.protocol.Requests.Command;
import com.microsoft.java.debug.core.protocol.Requests.SetFunctionBreakpointsArguments;
import com.microsoft.java.debug.core.protocol.Types;
import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Location;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.request.BreakpointRequest;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code setFunctionBreakpoints}, which the core does not answer: each name ({@link MethodName})
 * becomes a {@link MethodBreakpoint} registered with the core's breakpoint manager under a key
 * of its own, so the core's breakpoint handling (conditions, the stop) applies to it. The answer
 * names where each one stops (source and line), or why it cannot yet.
 */
public final class FunctionBreakpointsHandler implements IDebugRequestHandler {
    private static final String KEY = "dapgate-function-breakpoint:";

    private final Runnable ensureStopsReported;
    private final Map<String, MethodBreakpoint> live = new ConcurrentHashMap<>();
    private volatile IDebugAdapterContext context;

    /** @param ensureStopsReported makes sure the core's breakpoint event handler runs (it starts with the first setBreakpoints) */
    public FunctionBreakpointsHandler(Runnable ensureStopsReported) {
        this.ensureStopsReported = ensureStopsReported;
    }

    @Override
    public List<Command> getTargetCommands() {
        return List.of(Command.SETFUNCTIONBREAKPOINTS);
    }

    @Override
    public CompletableFuture<Response> handle(Command command, Arguments arguments, Response response, IDebugAdapterContext context) {
        IDebugSession session = context.getDebugSession();
        if (session == null) {
            return AdapterUtils.createAsyncErrorResponse(response, ErrorCode.EMPTY_DEBUG_SESSION, "Empty debug session.");
        }
        this.context = context;
        ensureStopsReported.run();
        IBreakpointManager manager = context.getBreakpointManager();
        SetFunctionBreakpointsArguments args = (SetFunctionBreakpointsArguments) arguments;
        Set<String> keep = new HashSet<>();
        List<Bound> answer = new ArrayList<>();
        for (Types.FunctionBreakpoint wanted : args.breakpoints == null ? new Types.FunctionBreakpoint[0] : args.breakpoints) {
            MethodName name;
            try {
                name = MethodName.parse(wanted.name);
            } catch (IllegalArgumentException e) {
                answer.add(new Bound(null, false, null, null, e.getMessage()));
                continue;
            }
            String key = KEY + name.canonical();
            keep.add(key);
            MethodBreakpoint fresh = new MethodBreakpoint(session.getVM(), session.getEventHub(), name, hitCount(wanted.hitCondition), wanted.condition);
            MethodBreakpoint bp = (MethodBreakpoint) manager.setBreakpoints(key, new IBreakpoint[] {fresh}, false)[0];
            if (bp == fresh) {
                bp.whenBound(b -> context.getProtocolServer().sendEvent(new ChangedEvent(describe(b))));
                bp.install();
            } else if (!java.util.Objects.equals(bp.getCondition(), wanted.condition)) {
                bp.setCondition(wanted.condition);
            }
            live.put(key, bp);
            answer.add(describe(bp));
        }
        for (String key : new ArrayList<>(live.keySet())) {
            if (!keep.contains(key)) {
                manager.setBreakpoints(key, new IBreakpoint[0], false); // closes it
                live.remove(key);
            }
        }
        response.body = new Body(answer);
        return CompletableFuture.completedFuture(response);
    }

    /**
     * The adapter ids of the breakpoints a thread stopped at (its top frame is where they stop)
     * when a function breakpoint is among them, line breakpoints on the same spot included; else none.
     */
    public List<Integer> stoppedAt(long threadId) {
        List<Integer> ids = new ArrayList<>();
        IDebugAdapterContext ctx = context;
        if (live.isEmpty() || ctx == null || ctx.getDebugSession() == null) {
            return ids;
        }
        try {
            for (ThreadReference thread : ctx.getDebugSession().getVM().allThreads()) {
                if (thread.uniqueID() != threadId || !thread.isSuspended() || thread.frameCount() == 0) {
                    continue;
                }
                Location at = thread.frame(0).location();
                if (live.values().stream().noneMatch(bp -> bp.stopsAt(at))) {
                    return ids;
                }
                for (IBreakpoint bp : ctx.getBreakpointManager().getBreakpoints()) {
                    boolean here = bp.requests().stream().anyMatch(r -> r instanceof BreakpointRequest b && r.isEnabled() && b.location().equals(at));
                    if (here && bp.getProperty("id") instanceof Integer id) {
                        ids.add(id);
                    }
                }
            }
        } catch (Exception e) {
            // the thread ran on or the VM ended: no function breakpoint to name
        }
        return ids;
    }

    private Bound describe(MethodBreakpoint bp) {
        Integer id = bp.getProperty("id") instanceof Integer i ? i : null;
        Location at = bp.location();
        if (at == null) {
            MethodName n = bp.name();
            String method = n.method() + (n.parameters() == null ? "" : "(" + String.join(", ", n.parameters()) + ")");
            String why = bp.typesSeen().isEmpty()
                    ? "no class " + n.typeName() + " is loaded yet"
                    : String.join(", ", bp.typesSeen()) + " has no method " + method + " with code";
            return new Bound(id, false, null, null, why + ": it binds when a class " + n.typeName() + " with a method " + method + " loads");
        }
        return new Bound(id, true, at.lineNumber(), source(at), null);
    }

    private Types.Source source(Location at) {
        String relative;
        try {
            relative = at.sourcePath();
        } catch (AbsentInformationException e) {
            relative = null;
        }
        ISourceLookUpProvider lookup = context.getProvider(ISourceLookUpProvider.class);
        String uri = lookup.getSourceFileURI(at.declaringType().name(), relative);
        if (uri == null) {
            return null;
        }
        String path = uri.startsWith("file:") ? Path.of(URI.create(uri)).toString() : uri;
        return new Types.Source(Path.of(path).getFileName().toString(), path, 0);
    }

    private static int hitCount(String hitCondition) {
        try {
            return hitCondition == null || hitCondition.isBlank() ? 0 : Integer.parseInt(hitCondition.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** One function breakpoint as DAP answers it. */
    record Bound(Integer id, boolean verified, Integer line, Types.Source source, String message) {
    }

    record Body(List<Bound> breakpoints) {
    }

    /** A `breakpoint` event (reason changed) for a function breakpoint that bound later. */
    static final class ChangedEvent extends Events.DebugEvent {
        final String reason = "changed";
        final Bound breakpoint;

        ChangedEvent(Bound breakpoint) {
            super("breakpoint");
            this.breakpoint = breakpoint;
        }
    }
}
