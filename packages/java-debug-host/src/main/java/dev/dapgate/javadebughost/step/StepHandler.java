package dev.dapgate.javadebughost.step;

import com.microsoft.java.debug.core.DebugEvent;
import com.microsoft.java.debug.core.DebugUtility;
import com.microsoft.java.debug.core.JdiExceptionReference;
import com.microsoft.java.debug.core.JdiMethodResult;
import com.microsoft.java.debug.core.adapter.AdapterUtils;
import com.microsoft.java.debug.core.adapter.ErrorCode;
import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.IDebugRequestHandler;
import com.microsoft.java.debug.core.adapter.IStackTraceProvider;
import com.microsoft.java.debug.core.adapter.StepRequestManager;
import com.microsoft.java.debug.core.adapter.handler.ThreadsRequestHandler;
import com.microsoft.java.debug.core.protocol.Events;
import com.microsoft.java.debug.core.protocol.Messages.Response;
import com.microsoft.java.debug.core.protocol.Requests;
import com.microsoft.java.debug.core.protocol.Requests.Arguments;
import com.microsoft.java.debug.core.protocol.Requests.Command;
import com.microsoft.java.debug.core.protocol.Requests.StepArguments;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VoidValue;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodExitRequest;
import com.sun.jdi.request.StepRequest;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * next / stepIn / stepOut: the core's StepRequestHandler (0.34.0+39) with the same steps, step
 * filters and return values ({@code ->callee()}), asking the debuggee fewer questions. Every JDWP
 * request is a round trip to the debuggee's agent, which answers one at a time, and a traced line
 * is one step, so they add up. For each step the core asked for every thread of the VM and whether
 * the stepping one was collected (to find it by id), then again whether it was collected and its
 * suspend count (to resume it); at the stop for the top frame, the frame count and the second frame
 * (three requests, and the stackTrace that follows reads the frames a fourth time), and it deleted
 * the step's two requests before telling the client. Here the thread comes from
 * {@link SteppedThreads} (the thread of its last step), the stop reads all frames at once (the JDI
 * keeps them for that stackTrace), and the requests are deleted just after the stopped event is
 * sent, while the client reads the stop ({@link StepCleanups}: the thread's next step waits for that).
 * Replaces the core's handler (registered in {@code HostProtocolServer}).
 */
public final class StepHandler implements IDebugRequestHandler {
    private final SteppedThreads threads;
    private final StepCleanups cleanups = new StepCleanups();

    public StepHandler(SteppedThreads threads) {
        this.threads = threads;
    }

    @Override
    public List<Command> getTargetCommands() {
        return List.of(Command.STEPIN, Command.STEPOUT, Command.NEXT);
    }

    @Override
    public CompletableFuture<Response> handle(Command command, Arguments arguments, Response response, IDebugAdapterContext context) {
        if (context.getDebugSession() == null) {
            return AdapterUtils.createAsyncErrorResponse(response, ErrorCode.EMPTY_DEBUG_SESSION, "Debug Session doesn't exist.");
        }
        long threadId = ((StepArguments) arguments).threadId;
        ThreadReference known = threads.get(context, threadId);
        if (known != null) {
            try {
                return step(command, known, response, context);
            } catch (ObjectCollectedException e) {
                threads.forget(threadId); // it ended since: look it up as the core does
            }
        }
        ThreadReference thread = DebugUtility.getThread(context.getDebugSession(), threadId);
        return thread == null ? CompletableFuture.completedFuture(response) : step(command, thread, response, context);
    }

    private CompletableFuture<Response> step(Command command, ThreadReference thread, Response response, IDebugAdapterContext context) {
        long threadId = thread.uniqueID();
        JdiExceptionReference exception = context.getExceptionManager().removeException(threadId);
        StepRequestManager stepRequestManager = context.getStepRequestManager();
        stepRequestManager.removeMethodResult(threadId);
        cleanups.await(threadId);
        try {
            StepRequestManager.ThreadState threadState = stepRequestManager.setThreadState(command, thread);
            threadState.setEventSubscription(context.getDebugSession().getEventHub().events()
                .filter(debugEvent -> (debugEvent.event instanceof StepEvent && debugEvent.event.request().equals(threadState.getPendingStepRequest()))
                    || (debugEvent.event instanceof MethodExitEvent && debugEvent.event.request().equals(threadState.getPendingMethodExitRequest())))
                .subscribe(debugEvent -> handleDebugEvent(debugEvent, context, threadState)));

            Requests.StepFilters filters = context.getStepFilters();
            StepRequest stepRequest = command == Command.STEPIN
                ? DebugUtility.createStepIntoRequest(thread, filters.allowClasses, filters.skipClasses)
                : command == Command.STEPOUT
                ? DebugUtility.createStepOutRequest(thread, filters.allowClasses, filters.skipClasses)
                : DebugUtility.createStepOverRequest(thread, null);
            threadState.setPendingStepRequest(stepRequest);
            stepRequest.enable();

            MethodExitRequest methodExitRequest = thread.virtualMachine().eventRequestManager().createMethodExitRequest();
            methodExitRequest.addThreadFilter(thread);
            methodExitRequest.addClassFilter(threadState.getStepLocation().declaringType());
            if (thread.virtualMachine().canUseInstanceFilters()) {
                try {
                    ObjectReference thisObject = thread.frame(0).thisObject();
                    if (thisObject != null) {
                        methodExitRequest.addInstanceFilter(thisObject);
                    }
                } catch (Exception e) {
                    // as the core: no instance filter
                }
            }
            methodExitRequest.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
            threadState.setPendingMethodExitRequest(methodExitRequest);
            methodExitRequest.enable();

            // the core's DebugUtility.resumeThread without its isCollected request (the frames were just read)
            int suspends = thread.suspendCount();
            for (int i = 0; i < suspends; i++) {
                thread.resume();
            }
            ThreadsRequestHandler.checkThreadRunningAndRecycleIds(thread, context);
        } catch (IncompatibleThreadStateException ex) {
            context.getExceptionManager().setException(threadId, exception);
            throw AdapterUtils.createCompletionException(
                String.format("Failed to step because the thread '%s' is not suspended in the target VM.", thread.name()), ErrorCode.STEP_FAILURE, ex);
        } catch (IndexOutOfBoundsException ex) {
            context.getExceptionManager().setException(threadId, exception);
            throw AdapterUtils.createCompletionException(
                String.format("Failed to step because the thread '%s' doesn't contain any stack frame", thread.name()), ErrorCode.STEP_FAILURE, ex);
        }
        return CompletableFuture.completedFuture(response);
    }

    private void handleDebugEvent(DebugEvent debugEvent, IDebugAdapterContext context, StepRequestManager.ThreadState threadState) {
        EventRequestManager eventRequestManager = context.getDebugSession().getVM().eventRequestManager();
        if (debugEvent.event instanceof StepEvent stepEvent) {
            ThreadReference thread = stepEvent.thread();
            threads.remember(thread);
            IStackTraceProvider stackTrace = context.getProvider(IStackTraceProvider.class);
            Requests.StepFilters filters = context.getStepFilters();
            try {
                List<StackFrame> frames = thread.frames();
                Location originalLocation = threadState.getStepLocation();
                Location currentLocation = frames.get(0).location();
                Location upperLocation = frames.size() > 1 ? frames.get(1).location() : null;
                if (originalLocation != null && currentLocation != null) {
                    if (shouldSkipOut(stackTrace, threadState.getStackDepth(), frames.size(), upperLocation, currentLocation)) {
                        extraStep(debugEvent, eventRequestManager, threadState, () -> DebugUtility.createStepOutRequest(thread, filters.allowClasses, filters.skipClasses));
                        return;
                    }
                    if (shouldDoExtraStep(threadState, originalLocation, frames.size(), currentLocation)
                        || shouldSkipOver(stackTrace, originalLocation, currentLocation, filters)) {
                        extraStep(debugEvent, eventRequestManager, threadState, () -> DebugUtility.createStepIntoRequest(thread, filters.allowClasses, filters.skipClasses));
                        return;
                    }
                }
            } catch (IncompatibleThreadStateException | IndexOutOfBoundsException ex) {
                // as the core: stop here
            }
            debugEvent.shouldResume = false;
            cleanups.begin(threadState.getThreadId());
            try {
                context.getProtocolServer().sendEvent(new Events.StoppedEvent("step", threadState.getThreadId()));
                threadState.deletePendingStep(eventRequestManager);
            } finally {
                cleanups.end(threadState.getThreadId());
            }
        } else if (debugEvent.event instanceof MethodExitEvent methodExitEvent) {
            long threadId = methodExitEvent.thread().uniqueID();
            if (threadId == threadState.getThreadId() && methodExitEvent.method().equals(threadState.getStepLocation().method())) {
                Value returnValue = methodExitEvent.returnValue();
                if (returnValue instanceof VoidValue) {
                    context.getStepRequestManager().removeMethodResult(threadId);
                } else {
                    context.getStepRequestManager().setMethodResult(threadId, new JdiMethodResult(methodExitEvent.method(), returnValue));
                }
            }
            debugEvent.shouldResume = true;
        }
    }

    private static boolean shouldSkipOver(IStackTraceProvider stackTrace, Location original, Location current, Requests.StepFilters filters) {
        return !stackTrace.skipOver(original.method(), filters) && stackTrace.skipOver(current.method(), filters);
    }

    private static boolean shouldSkipOut(IStackTraceProvider stackTrace, int originalDepth, int currentDepth, Location upper, Location current) {
        return upper != null && currentDepth > originalDepth && stackTrace.skipOut(upper, current.method());
    }

    /** A step in that ended on the line it started from, in the same frame: step in again. */
    private static boolean shouldDoExtraStep(StepRequestManager.ThreadState threadState, Location original, int currentDepth, Location current) {
        if (threadState.getStepType() != Command.STEPIN || threadState.getStackDepth() != currentDepth) {
            return false;
        }
        Method originalMethod = original.method();
        return originalMethod.equals(current.method()) && original.lineNumber() == current.lineNumber();
    }

    /** Steps again from where the step ended (a thread has one step request at a time: the ended one goes first). */
    private static void extraStep(DebugEvent debugEvent, EventRequestManager manager, StepRequestManager.ThreadState threadState, Supplier<StepRequest> next) {
        threadState.deleteStepRequest(manager);
        StepRequest stepRequest = next.get();
        threadState.setPendingStepRequest(stepRequest);
        stepRequest.enable();
        debugEvent.shouldResume = true;
    }
}
