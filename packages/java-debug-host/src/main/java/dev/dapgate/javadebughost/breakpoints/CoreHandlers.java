package dev.dapgate.javadebughost.breakpoints;

import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.IDebugRequestHandler;
import com.microsoft.java.debug.core.adapter.ProtocolServer;
import com.microsoft.java.debug.core.adapter.handler.SetBreakpointsRequestHandler;
import com.microsoft.java.debug.core.protocol.Requests.Command;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The core's request handler table, which it keeps private (0.34.0+39 has no way to add a
 * handler or to start its breakpoint event handling other than a setBreakpoints request). Read
 * by reflection once at start; a core without these fields fails the host at start, not later.
 */
public final class CoreHandlers {
    private final Map<Command, List<IDebugRequestHandler>> handlers;
    private IDebugAdapterContext context;

    @SuppressWarnings("unchecked")
    public CoreHandlers(ProtocolServer server) {
        try {
            Field adapterField = ProtocolServer.class.getDeclaredField("debugAdapter");
            adapterField.setAccessible(true);
            Object adapter = adapterField.get(server);
            Field table = adapter.getClass().getDeclaredField("requestHandlersForDebug");
            table.setAccessible(true);
            this.handlers = (Map<Command, List<IDebugRequestHandler>>) table.get(adapter);
            Field ctx = adapter.getClass().getDeclaredField("debugContext");
            ctx.setAccessible(true);
            this.context = (IDebugAdapterContext) ctx.get(adapter);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this java-debug core does not have the handler table the host extends", e);
        }
    }

    /** Puts {@code handler} in place of the core's handlers for its commands. */
    public void replace(IDebugRequestHandler handler) {
        for (Command command : handler.getTargetCommands()) {
            handlers.put(command, new ArrayList<>(List.of(handler)));
        }
    }

    public void add(IDebugRequestHandler handler) {
        for (Command command : handler.getTargetCommands()) {
            handlers.computeIfAbsent(command, c -> new ArrayList<>()).add(handler);
        }
    }

    /**
     * Starts the core's breakpoint event handling (conditions, logpoints, the stopped event) if no
     * setBreakpoints request has yet: function breakpoints stop through it too.
     */
    public synchronized void startBreakpointEvents() {
        for (IDebugRequestHandler h : handlers.getOrDefault(Command.SETBREAKPOINTS, List.of())) {
            if (!(h instanceof SetBreakpointsRequestHandler core)) {
                continue;
            }
            try {
                Field registered = SetBreakpointsRequestHandler.class.getDeclaredField("registered");
                registered.setAccessible(true);
                if (registered.getBoolean(core)) {
                    return;
                }
                Method register = SetBreakpointsRequestHandler.class.getDeclaredMethod("registerBreakpointHandler", IDebugAdapterContext.class);
                register.setAccessible(true);
                register.invoke(core, context);
                registered.setBoolean(core, true);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot start the core's breakpoint handling", e);
            }
        }
    }
}
