package dev.dapgate.javadebughost;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.microsoft.java.debug.core.DebugEvent;
import com.microsoft.java.debug.core.IDebugSession;
import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.ProtocolServer;
import com.sun.jdi.ClassType;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.ExceptionRequest;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code testFailure} exception filter: stops where a test fails, as a test runner sees it.
 * That is an exception which leaves test code and is caught by the test framework (JUnit 4 or 5,
 * directly or through reflection), or is not caught at all; not one caught by the code under
 * test or the test itself, nor one expected by {@code assertThrows}, {@code @Test(expected)} or
 * {@code ExpectedException}, nor an assumption that aborts a test, nor the framework's own
 * exceptions (a rethrow of the failure after the test's frames are gone stops no more).
 *
 * <p>The JVM tells where each exception will be caught ({@link ExceptionEvent#catchLocation});
 * java-debug's own filters only know "caught" or "uncaught". This filter has its own exception
 * request; an event of it that is no failure is passed by answering {@link #passing} (consulted
 * by the core through {@code IEvaluationProvider.isInEvaluation}) for its thread while the core
 * handles it, so the core lets it run on as it does for exceptions during an evaluation.
 */
final class TestFailureStops {
    static final String FILTER = "testFailure";

    private static final String[] RUNNER = {"org.junit.", "junit."};
    /** Catchers that expect the exception: a throw they catch is no failure. */
    private static final String[] EXPECTING = {
        "org.junit.jupiter.api.AssertThrows", "org.junit.jupiter.api.AssertThrowsExactly", "org.junit.Assert",
        "org.junit.internal.runners.statements.ExpectException", "org.junit.rules.ExpectedException",
    };
    private static final String[] REFLECTION = {"jdk.internal.reflect.", "java.lang.reflect.", "java.lang.invoke.", "sun.reflect."};
    private static final String[] NOT_TEST_CODE = {"org.junit.", "junit.", "org.opentest4j.", "org.apiguardian.", "java.", "javax.", "jdk.", "sun.", "com.sun."};
    /** Exceptions that abort (skip) a test rather than fail it. */
    private static final Set<String> ABORTS = Set.of("org.opentest4j.TestAbortedException", "org.junit.AssumptionViolatedException", "org.junit.internal.AssumptionViolatedException");

    private static final Set<Long> PASSING = ConcurrentHashMap.newKeySet();

    private final ProtocolServer server;
    private volatile ExceptionRequest request;
    private IDebugSession subscribed;

    TestFailureStops(ProtocolServer server) {
        this.server = server;
    }

    /** Whether the core is to let this thread's current exception event pass (it is no test failure); answered once per event. */
    static boolean passing(ThreadReference thread) {
        return PASSING.remove(thread.uniqueID());
    }

    /** Removes {@value #FILTER} from a setExceptionBreakpoints request's filters; returns whether it was there. */
    static boolean strip(JsonObject arguments) {
        if (arguments == null || !(arguments.get("filters") instanceof JsonArray filters)) {
            return false;
        }
        JsonArray rest = new JsonArray();
        boolean found = false;
        for (JsonElement f : filters) {
            if (f.isJsonPrimitive() && FILTER.equals(f.getAsString())) {
                found = true;
            } else {
                rest.add(f);
            }
        }
        arguments.add("filters", rest);
        return found;
    }

    /** After the core has set its own exception requests (it deletes all others): sets or clears this filter's. */
    synchronized void apply(boolean enabled) {
        IDebugSession session = session();
        if (session == null) {
            return;
        }
        var requests = session.getVM().eventRequestManager();
        if (request != null && requests.exceptionRequests().contains(request)) {
            requests.deleteEventRequest(request);
        }
        request = null;
        // subscribed at the session's first exception filters, even unused, to come before the core's handler
        if (subscribed != session) {
            subscribed = session;
            session.getEventHub().events().filter(e -> e.event instanceof ExceptionEvent).subscribe(this::judge);
        }
        if (!enabled) {
            return;
        }
        request = requests.createExceptionRequest(null, true, true);
        request.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        request.enable();
    }

    /**
     * Runs before the core's handling of the same event (subscribed earlier: exception filters
     * are set before configurationDone, where the core subscribes): marks a non-failure as passing
     * until the core has seen it.
     */
    private void judge(DebugEvent event) {
        ExceptionEvent e = (ExceptionEvent) event.event;
        if (e.request() == null || e.request() != request) {
            return;
        }
        long thread = e.thread().uniqueID();
        PASSING.remove(thread);
        boolean failure;
        try {
            failure = isFailure(e);
        } catch (Exception ex) {
            Log.debug("testFailure: cannot judge " + e + ": " + ex);
            failure = true;
        }
        if (!failure) {
            // the core handles this event right after this subscriber and asks once
            PASSING.add(thread);
        }
    }

    private static boolean isFailure(ExceptionEvent e) throws IncompatibleThreadStateException {
        if (aborts(e.exception().referenceType())) {
            return false;
        }
        Location caught = e.catchLocation();
        if (caught == null) {
            return true;
        }
        List<StackFrame> frames = e.thread().frames();
        int at = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (frames.get(i).location().method().equals(caught.method())) {
                at = i;
                break;
            }
        }
        if (at < 0) {
            return false;
        }
        boolean throughTestCode = false;
        for (int i = 0; i < at && !throughTestCode; i++) {
            throughTestCode = !startsWithAny(className(frames.get(i)), NOT_TEST_CODE);
        }
        // Method.invoke catches to wrap (InvocationTargetException): the catcher is its caller
        int catcher = at;
        while (catcher < frames.size() - 1 && startsWithAny(className(frames.get(catcher)), REFLECTION)) {
            catcher++;
        }
        String by = className(frames.get(catcher));
        return throughTestCode && startsWithAny(by, RUNNER) && !expecting(by);
    }

    private static boolean aborts(ReferenceType type) {
        for (ReferenceType t = type; t != null; t = t instanceof ClassType c ? c.superclass() : null) {
            if (ABORTS.contains(t.name())) {
                return true;
            }
        }
        return false;
    }

    private static boolean expecting(String className) {
        for (String e : EXPECTING) {
            if (className.equals(e) || className.startsWith(e + "$")) {
                return true;
            }
        }
        return false;
    }

    private static String className(StackFrame frame) {
        return frame.location().declaringType().name();
    }

    private static boolean startsWithAny(String name, String[] prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** The core's debug session (kept private by the 0.34 core): the protocol server's adapter's context. */
    private IDebugSession session() {
        try {
            Field adapterField = ProtocolServer.class.getDeclaredField("debugAdapter");
            adapterField.setAccessible(true);
            Object adapter = adapterField.get(server);
            Field contextField = adapter.getClass().getDeclaredField("debugContext");
            contextField.setAccessible(true);
            return ((IDebugAdapterContext) contextField.get(adapter)).getDebugSession();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this java-debug core does not have the debug context the host reads", e);
        }
    }
}
