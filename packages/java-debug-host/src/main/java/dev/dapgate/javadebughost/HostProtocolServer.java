package dev.dapgate.javadebughost;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.microsoft.java.debug.core.adapter.IEvaluationProvider;
import com.microsoft.java.debug.core.adapter.ISourceLookUpProvider;
import com.microsoft.java.debug.core.adapter.ProtocolServer;
import com.microsoft.java.debug.core.adapter.ProviderContext;
import com.microsoft.java.debug.core.protocol.Events;
import com.microsoft.java.debug.core.protocol.JsonUtils;
import com.microsoft.java.debug.core.protocol.Messages;
import com.microsoft.java.debug.core.protocol.Requests.SetVariableArguments;
import com.google.gson.JsonParser;
import dev.dapgate.javadebughost.breakpoints.CoreHandlers;
import dev.dapgate.javadebughost.breakpoints.FunctionBreakpointsHandler;
import dev.dapgate.javadebughost.step.StackTraceHandler;
import dev.dapgate.javadebughost.step.StepHandler;
import dev.dapgate.javadebughost.step.SteppedThreads;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The core's protocol server with what this host adds around requests: {@code setVariable} is
 * answered here (the core has no hook for it; its handler parses the value as a literal), the
 * custom {@code threadLocks} (monitors held and awaited, for debug_snapshot) too, and
 * a launch's cwd and class path folders become places to look for sources. Function
 * breakpoints ({@code Class.method}) are this host's: advertised in {@code initialize}, set by
 * {@link FunctionBreakpointsHandler}, and their stops named as such.
 */
final class HostProtocolServer extends ProtocolServer {
    private final SetVariableHandler setVariable;
    private final ThreadLocksHandler threadLocks;
    private final SourceLookupProvider sources;
    private final FunctionBreakpointsHandler functionBreakpoints;
    private final TestFailureStops testFailures = new TestFailureStops(this);

    HostProtocolServer(InputStream in, OutputStream out, ProviderContext providers) {
        super(in, out, providers);
        this.setVariable = new SetVariableHandler((EvaluationProvider) providers.getProvider(IEvaluationProvider.class));
        this.threadLocks = new ThreadLocksHandler((EvaluationProvider) providers.getProvider(IEvaluationProvider.class));
        this.sources = (SourceLookupProvider) providers.getProvider(ISourceLookUpProvider.class);
        CoreHandlers core = new CoreHandlers(this);
        this.functionBreakpoints = new FunctionBreakpointsHandler(core::startBreakpointEvents);
        core.add(functionBreakpoints);
        SteppedThreads stepped = new SteppedThreads();
        core.replace(new StepHandler(stepped));
        core.replace(new StackTraceHandler(stepped));
    }

    @Override
    public void sendResponse(Messages.Response response) {
        if ("initialize".equals(response.command) && response.success && response.body != null) {
            JsonObject capabilities = JsonParser.parseString(JsonUtils.toJson(response.body)).getAsJsonObject();
            capabilities.addProperty("supportsFunctionBreakpoints", true);
            response.body = capabilities;
        }
        super.sendResponse(response);
    }

    /** A stop at a function breakpoint is reported as one, naming it (the core says "breakpoint"). */
    @Override
    public void sendEvent(Events.DebugEvent event) {
        if (event instanceof Events.StoppedEvent stopped && "breakpoint".equals(stopped.reason)) {
            List<Integer> ids = functionBreakpoints.stoppedAt(stopped.threadId);
            if (!ids.isEmpty()) {
                super.sendEvent(new FunctionStop(stopped, ids));
                return;
            }
        }
        super.sendEvent(event);
    }

    /** The core's stopped event with DAP's reason for it and the breakpoints hit. */
    static final class FunctionStop extends Events.StoppedEvent {
        final List<Integer> hitBreakpointIds;

        FunctionStop(Events.StoppedEvent core, List<Integer> ids) {
            super("function breakpoint", core.threadId, core.allThreadsStopped, core.description, core.text);
            this.hitBreakpointIds = ids;
        }
    }

    @Override
    protected void dispatchRequest(Messages.Request request) {
        if ("setVariable".equals(request.command)) {
            SetVariableArguments args = JsonUtils.fromJson(request.arguments, SetVariableArguments.class);
            setVariable.handle(request, args).thenAccept(this::sendResponse);
            return;
        }
        if ("threadLocks".equals(request.command)) {
            threadLocks.handle(request).thenAccept(this::sendResponse);
            return;
        }
        if ("launch".equals(request.command) || "attach".equals(request.command)) {
            sources.addSessionRoots(sessionFolders(request.arguments));
        }
        if ("setExceptionBreakpoints".equals(request.command)) {
            boolean testFailure = TestFailureStops.strip(request.arguments);
            super.dispatchRequest(request);
            testFailures.apply(testFailure);
            return;
        }
        super.dispatchRequest(request);
    }

    /** cwd and the class path directories of a launch (sources often sit beside the classes). */
    private static List<String> sessionFolders(JsonObject arguments) {
        List<String> folders = new ArrayList<>();
        if (arguments == null) {
            return folders;
        }
        if (arguments.get("cwd") instanceof JsonPrimitive cwd && cwd.isString()) {
            folders.add(cwd.getAsString());
        }
        if (arguments.get("classPaths") instanceof JsonArray classPaths) {
            for (JsonElement e : classPaths) {
                if (e instanceof JsonPrimitive p && p.isString()) {
                    folders.add(p.getAsString());
                }
            }
        }
        return folders;
    }
}
