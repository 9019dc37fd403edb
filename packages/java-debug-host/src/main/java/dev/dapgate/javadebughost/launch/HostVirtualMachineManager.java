package dev.dapgate.javadebughost.launch;

import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VirtualMachineManager;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.LaunchingConnector;
import com.sun.jdi.connect.ListeningConnector;
import com.sun.jdi.connect.spi.Connection;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The JDK's VirtualMachineManager, except that the only launching connector offered is
 * {@link CwdLaunchingConnector} (the core prefers the JDK's launcher whenever it is listed,
 * and that one ignores cwd and env).
 */
public final class HostVirtualMachineManager implements VirtualMachineManager {
    private final VirtualMachineManager delegate;
    private final CwdLaunchingConnector launcher;

    public HostVirtualMachineManager(VirtualMachineManager delegate) {
        this.delegate = delegate;
        this.launcher = new CwdLaunchingConnector(delegate);
    }

    @Override
    public LaunchingConnector defaultConnector() {
        return launcher;
    }

    @Override
    public List<LaunchingConnector> launchingConnectors() {
        return List.of(launcher);
    }

    @Override
    public List<AttachingConnector> attachingConnectors() {
        return delegate.attachingConnectors();
    }

    @Override
    public List<ListeningConnector> listeningConnectors() {
        return delegate.listeningConnectors();
    }

    @Override
    public List<Connector> allConnectors() {
        List<Connector> all = new ArrayList<>();
        all.add(launcher);
        all.addAll(delegate.attachingConnectors());
        all.addAll(delegate.listeningConnectors());
        return all;
    }

    @Override
    public List<VirtualMachine> connectedVirtualMachines() {
        return delegate.connectedVirtualMachines();
    }

    @Override
    public int majorInterfaceVersion() {
        return delegate.majorInterfaceVersion();
    }

    @Override
    public int minorInterfaceVersion() {
        return delegate.minorInterfaceVersion();
    }

    @Override
    public VirtualMachine createVirtualMachine(Connection connection, Process process) throws IOException {
        return delegate.createVirtualMachine(connection, process);
    }

    @Override
    public VirtualMachine createVirtualMachine(Connection connection) throws IOException {
        return delegate.createVirtualMachine(connection);
    }
}
