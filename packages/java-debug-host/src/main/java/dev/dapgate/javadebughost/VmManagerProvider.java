package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.adapter.IVirtualMachineManagerProvider;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.VirtualMachineManager;
import dev.dapgate.javadebughost.launch.HostVirtualMachineManager;

/**
 * Hands the JDK's JDI implementation to the core, with a launcher that honours cwd/env.
 * Set JAVA_DEBUG_HOST_JDK_LAUNCHER=1 to use the JDK's own launching connector instead.
 */
final class VmManagerProvider implements IVirtualMachineManagerProvider {
    private final VirtualMachineManager manager = System.getenv("JAVA_DEBUG_HOST_JDK_LAUNCHER") != null
        ? Bootstrap.virtualMachineManager()
        : new HostVirtualMachineManager(Bootstrap.virtualMachineManager());

    @Override
    public VirtualMachineManager getVirtualMachineManager() {
        return manager;
    }
}
