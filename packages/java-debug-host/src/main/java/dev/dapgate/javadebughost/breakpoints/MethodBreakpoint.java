package dev.dapgate.javadebughost.breakpoints;

import com.microsoft.java.debug.core.DebugEvent;
import com.microsoft.java.debug.core.IBreakpoint;
import com.microsoft.java.debug.core.IEvaluatableBreakpoint;
import com.microsoft.java.debug.core.IEventHub;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import io.reactivex.disposables.Disposable;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A function breakpoint: a breakpoint at the first line of every method the name selects, in
 * the classes loaded now and in those loaded later (as IntelliJ's method breakpoints stop at
 * method entry). It is registered with the core's breakpoint manager like a line breakpoint, so
 * the core evaluates its condition at each hit and reports the stop.
 */
public final class MethodBreakpoint implements IBreakpoint, IEvaluatableBreakpoint {
    private final VirtualMachine vm;
    private final IEventHub eventHub;
    private final MethodName name;
    private final int hitCount;
    private volatile String condition;
    private volatile String logMessage;
    private volatile Object compiledCondition;
    private volatile Object compiledLogpoint;
    private final Map<Long, Object> compiled = new ConcurrentHashMap<>();
    private final Map<Object, Object> properties = new ConcurrentHashMap<>();
    private final List<EventRequest> requests = new CopyOnWriteArrayList<>();
    private final List<Disposable> subscriptions = new CopyOnWriteArrayList<>();
    private final CompletableFuture<IBreakpoint> bound = new CompletableFuture<>();
    private volatile Location first;
    private final List<String> typesSeen = new CopyOnWriteArrayList<>();
    private volatile Consumer<MethodBreakpoint> onBound = b -> { };

    public MethodBreakpoint(VirtualMachine vm, IEventHub eventHub, MethodName name, int hitCount, String condition) {
        this.vm = vm;
        this.eventHub = eventHub;
        this.name = name;
        this.hitCount = hitCount;
        this.condition = condition;
    }

    public MethodName name() {
        return name;
    }

    /** Where it stops (the first method bound), or null while no class it names is loaded. */
    public Location location() {
        return first;
    }

    /** The loaded classes the name matched (with or without the method). */
    public List<String> typesSeen() {
        return typesSeen;
    }

    /** Called once, when the breakpoint binds after the request that set it was answered. */
    public void whenBound(Consumer<MethodBreakpoint> callback) {
        this.onBound = callback;
    }

    /** Whether `request` is one of this breakpoint's, at the location a thread stopped at. */
    public boolean stopsAt(Location location) {
        for (EventRequest r : requests) {
            if (r instanceof BreakpointRequest b && r.isEnabled() && b.location().equals(location)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public CompletableFuture<IBreakpoint> install() {
        EventRequestManager erm = vm.eventRequestManager();
        ClassPrepareRequest prepare = erm.createClassPrepareRequest();
        prepare.addClassFilter("*" + name.simpleType()); // refined by matchesType
        prepare.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        prepare.enable();
        requests.add(prepare);
        subscriptions.add(eventHub.events()
                .filter(e -> e.event instanceof ClassPrepareEvent && e.event.request() == prepare)
                .subscribe(this::prepared));
        for (ReferenceType type : vm.allClasses()) {
            if (type.isPrepared() && name.matchesType(type.name())) {
                bindIn(type);
            }
        }
        if (first != null) {
            bound.complete(this);
        }
        return bound;
    }

    private void prepared(DebugEvent e) {
        ReferenceType type = ((ClassPrepareEvent) e.event).referenceType();
        if (!name.matchesType(type.name())) {
            return;
        }
        boolean was = first != null;
        bindIn(type);
        if (!was && first != null) {
            bound.complete(this);
            onBound.accept(this);
        }
    }

    private synchronized void bindIn(ReferenceType type) {
        if (!typesSeen.contains(type.name())) {
            typesSeen.add(type.name());
        }
        EventRequestManager erm = vm.eventRequestManager();
        for (Method m : type.methods()) {
            if (m.isAbstract() || m.isNative() || m.isBridge() || m.isSynthetic() || !name.matchesMethod(m)) {
                continue;
            }
            Location at = m.location();
            if (at == null || at.lineNumber() < 0 || stopsAt(at)) {
                continue;
            }
            BreakpointRequest request = erm.createBreakpointRequest(at);
            request.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
            if (hitCount > 0) {
                request.addCountFilter(hitCount);
            }
            request.enable();
            requests.add(request);
            if (first == null) {
                first = at;
                putProperty("verified", true);
            }
        }
    }

    @Override
    public void close() {
        try {
            vm.eventRequestManager().deleteEventRequests(requests);
        } catch (RuntimeException e) {
            // the VM is gone: nothing left to delete
        }
        requests.clear();
        subscriptions.forEach(Disposable::dispose);
        subscriptions.clear();
    }

    @Override
    public List<EventRequest> requests() {
        return requests;
    }

    @Override
    public List<Disposable> subscriptions() {
        return subscriptions;
    }

    @Override
    public String className() {
        return name.typeName();
    }

    /**
     * Constant: the core's breakpoint manager matches a source's breakpoints by line, and a
     * function breakpoint keeps its identity (its name) before and after it binds.
     */
    @Override
    public int getLineNumber() {
        return 0;
    }

    @Override
    public int getHitCount() {
        return hitCount;
    }

    @Override
    public void setHitCount(int count) {
        // part of the breakpoint's identity (see equals): a new count makes a new breakpoint
    }

    @Override
    public void putProperty(Object key, Object value) {
        properties.put(key, value);
    }

    @Override
    public Object getProperty(Object key) {
        return properties.get(key);
    }

    @Override
    public String getCondition() {
        return condition;
    }

    @Override
    public void setCondition(String condition) {
        this.condition = condition;
        this.compiledCondition = null;
        compiled.clear();
    }

    @Override
    public String getLogMessage() {
        return logMessage;
    }

    @Override
    public void setLogMessage(String logMessage) {
        this.logMessage = logMessage;
        this.compiledLogpoint = null;
        compiled.clear();
    }

    @Override
    public boolean containsEvaluatableExpression() {
        return containsConditionalExpression() || containsLogpointExpression();
    }

    @Override
    public boolean containsConditionalExpression() {
        return condition != null && !condition.isBlank();
    }

    @Override
    public boolean containsLogpointExpression() {
        return logMessage != null && !logMessage.isBlank();
    }

    @Override
    public void setCompiledConditionalExpression(Object expression) {
        compiledCondition = expression;
    }

    @Override
    public Object getCompiledConditionalExpression() {
        return compiledCondition;
    }

    @Override
    public void setCompiledLogpointExpression(Object expression) {
        compiledLogpoint = expression;
    }

    @Override
    public Object getCompiledLogpointExpression() {
        return compiledLogpoint;
    }

    @Override
    public void setCompiledExpression(long threadId, Object expression) {
        compiled.put(threadId, expression);
    }

    @Override
    public Object getCompiledExpression(long threadId) {
        return compiled.get(threadId);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MethodBreakpoint other && other.name.canonical().equals(name.canonical()) && other.hitCount == hitCount;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name.canonical(), hitCount);
    }
}
