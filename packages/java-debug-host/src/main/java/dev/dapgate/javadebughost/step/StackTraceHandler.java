package dev.dapgate.javadebughost.step;

import com.microsoft.java.debug.core.adapter.AdapterUtils;
import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.IDebugRequestHandler;
import com.microsoft.java.debug.core.adapter.IStackTraceProvider;
import com.microsoft.java.debug.core.adapter.handler.StackTraceRequestHandler;
import com.microsoft.java.debug.core.adapter.stacktrace.DecodedMethod;
import com.microsoft.java.debug.core.adapter.variables.StackFrameReference;
import com.microsoft.java.debug.core.protocol.Messages.Response;
import com.microsoft.java.debug.core.protocol.Requests.Arguments;
import com.microsoft.java.debug.core.protocol.Requests.Command;
import com.microsoft.java.debug.core.protocol.Requests.StackTraceArguments;
import com.microsoft.java.debug.core.protocol.Responses;
import com.microsoft.java.debug.core.protocol.Types;
import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;

import java.io.File;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * stackTrace of a thread that stopped at the end of a step: the core's StackTraceRequestHandler
 * (0.34.0+39), the same frames, names, sources and ids, without its two JDWP round trips to find
 * the thread by id among all of the VM's (the thread comes from {@link SteppedThreads}). Any other
 * thread goes to the core's handler.
 */
public final class StackTraceHandler implements IDebugRequestHandler {
    private final StackTraceRequestHandler core = new StackTraceRequestHandler();
    private final SteppedThreads threads;

    public StackTraceHandler(SteppedThreads threads) {
        this.threads = threads;
    }

    @Override
    public List<Command> getTargetCommands() {
        return List.of(Command.STACKTRACE);
    }

    @Override
    public CompletableFuture<Response> handle(Command command, Arguments arguments, Response response, IDebugAdapterContext context) {
        StackTraceArguments args = (StackTraceArguments) arguments;
        ThreadReference thread = context.getDebugSession() == null ? null : threads.get(context, args.threadId);
        if (thread == null || args.startFrame < 0 || args.levels < 0) {
            return core.handle(command, arguments, response, context);
        }
        List<Types.StackFrame> result = new ArrayList<>();
        int totalFrames = 0;
        try {
            totalFrames = thread.frameCount();
            if (totalFrames > args.startFrame) {
                StackFrame[] frames = context.getStackFrameManager().reloadStackFrames(thread);
                int count = args.levels == 0 ? totalFrames - args.startFrame : Math.min(totalFrames - args.startFrame, args.levels);
                IStackTraceProvider provider = context.getProvider(IStackTraceProvider.class);
                for (int i = args.startFrame; i < frames.length && count-- > 0; i++) {
                    int frameId = context.getRecyclableIdPool().addObject(thread.uniqueID(), new StackFrameReference(thread, i));
                    DecodedMethod decoded = provider.decode(thread.frame(i).location().method());
                    result.add(toClient(frames[i], frameId, context, decoded));
                }
            }
        } catch (ObjectCollectedException e) {
            threads.forget(args.threadId);
            result.clear();
            totalFrames = 0;
        } catch (IncompatibleThreadStateException | IndexOutOfBoundsException | URISyntaxException | AbsentInformationException e) {
            // as the core: what was read so far (the thread runs again, or ended)
        }
        response.body = new Responses.StackTraceResponseBody(result, totalFrames);
        return CompletableFuture.completedFuture(response);
    }

    /** The core's convertDebuggerStackFrameToClient (private there). */
    private static Types.StackFrame toClient(StackFrame frame, int frameId, IDebugAdapterContext context, DecodedMethod decoded)
            throws URISyntaxException, AbsentInformationException {
        Location location = frame.location();
        Types.Source source = sourceOf(location, context);
        int line = AdapterUtils.convertLineNumber(location.lineNumber(), context.isDebuggerLinesStartAt1(), context.isClientLinesStartAt1());
        if (line < 0 && !location.method().isNative()) {
            source = null; // "Unknown Source", as the core shows a lambda's built-in method
        }
        String hint = decoded.isGenerated() ? "subtle" : null;
        return new Types.StackFrame(frameId, decoded.format(), source, line, context.isClientColumnsStartAt1() ? 1 : 0, hint);
    }

    private static Types.Source sourceOf(Location location, IDebugAdapterContext context) throws URISyntaxException {
        String type = location.declaringType().name();
        String sourceName;
        String relativePath;
        try {
            sourceName = location.sourceName();
            relativePath = location.sourcePath();
        } catch (AbsentInformationException e) {
            String enclosing = AdapterUtils.parseEnclosingType(type);
            sourceName = enclosing.substring(enclosing.lastIndexOf('.') + 1) + ".java";
            relativePath = enclosing.replace('.', File.separatorChar) + ".java";
        }
        return StackTraceRequestHandler.convertDebuggerSourceToClient(type, sourceName, relativePath, context);
    }
}
