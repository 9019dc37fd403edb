package dev.dapgate.javadebughost.launch;

import com.microsoft.java.debug.core.DebugUtility;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VirtualMachineManager;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.IllegalConnectorArgumentsException;
import com.sun.jdi.connect.LaunchingConnector;
import com.sun.jdi.connect.Transport;
import com.sun.jdi.connect.VMStartException;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A launching connector that, unlike the JDK's command-line launcher, honours the working
 * directory ({@code cwd}) and environment ({@code env}) the core passes for
 * {@code console: internalConsole}. The debuggee is started with
 * {@code -agentlib:jdwp=...,server=n} and connects back to a loopback socket.
 */
public final class CwdLaunchingConnector implements LaunchingConnector {
    private static final int ACCEPT_TIMEOUT_MS = 30_000;

    private final VirtualMachineManager delegate;

    public CwdLaunchingConnector(VirtualMachineManager delegate) {
        this.delegate = delegate;
    }

    @Override
    public String name() {
        return "dapgate.CwdLaunchingConnector";
    }

    @Override
    public String description() {
        return "Launches a JVM with a working directory and environment, connecting over a loopback socket";
    }

    @Override
    public Transport transport() {
        return () -> "dt_socket";
    }

    @Override
    public Map<String, Connector.Argument> defaultArguments() {
        Map<String, Connector.Argument> args = new LinkedHashMap<>();
        put(args, DebugUtility.HOME, System.getProperty("java.home"));
        put(args, DebugUtility.OPTIONS, "");
        put(args, DebugUtility.MAIN, "");
        put(args, DebugUtility.SUSPEND, "true");
        put(args, DebugUtility.QUOTE, "\"");
        put(args, DebugUtility.EXEC, "java");
        put(args, DebugUtility.CWD, "");
        put(args, DebugUtility.ENV, "");
        return args;
    }

    private static void put(Map<String, Connector.Argument> args, String name, String value) {
        args.put(name, new SimpleArgument(name, value));
    }

    @Override
    public VirtualMachine launch(Map<String, ? extends Connector.Argument> arguments)
            throws IOException, IllegalConnectorArgumentsException, VMStartException {
        String home = value(arguments, DebugUtility.HOME);
        String exec = value(arguments, DebugUtility.EXEC);
        String main = value(arguments, DebugUtility.MAIN);
        if (main == null || main.isBlank()) {
            throw new IllegalConnectorArgumentsException("main class not specified", DebugUtility.MAIN);
        }
        boolean suspend = !"false".equalsIgnoreCase(value(arguments, DebugUtility.SUSPEND));
        String cwd = value(arguments, DebugUtility.CWD);
        String env = value(arguments, DebugUtility.ENV);

        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(ACCEPT_TIMEOUT_MS);
            String address = server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
            List<String> command = new ArrayList<>();
            String javaHome = home == null || home.isBlank() ? System.getProperty("java.home") : home;
            command.add(javaHome + File.separator + "bin" + File.separator + (exec == null || exec.isBlank() ? "java" : exec));
            command.add("-agentlib:jdwp=transport=dt_socket,server=n,suspend=" + (suspend ? "y" : "n") + ",address=" + address);
            command.addAll(DebugUtility.parseArguments(value(arguments, DebugUtility.OPTIONS)));
            command.addAll(DebugUtility.parseArguments(main));

            ProcessBuilder builder = new ProcessBuilder(command);
            if (cwd != null && !cwd.isBlank()) {
                File dir = new File(cwd);
                if (!dir.isDirectory()) {
                    throw new IllegalConnectorArgumentsException("cwd is not a directory: " + cwd, DebugUtility.CWD);
                }
                builder.directory(dir);
            }
            if (env != null && !env.isBlank()) {
                // The core passes the complete environment (its own plus the launch "env").
                Map<String, String> environment = builder.environment();
                environment.clear();
                for (String entry : DebugUtility.decodeArrayArgument(env)) {
                    int eq = entry.indexOf('=');
                    if (eq > 0) {
                        environment.put(entry.substring(0, eq), entry.substring(eq + 1));
                    }
                }
            }
            Process process = builder.start();
            try {
                Socket socket = acceptFrom(server, process);
                SocketConnection connection = new SocketConnection(socket);
                connection.handshake(ACCEPT_TIMEOUT_MS);
                return delegate.createVirtualMachine(connection, process);
            } catch (IOException | RuntimeException e) {
                process.destroyForcibly();
                if (e instanceof SocketTimeoutException || !process.isAlive()) {
                    throw new VMStartException("the debuggee did not connect back: " + e.getMessage()
                        + " (command: " + String.join(" ", command) + ")", process);
                }
                throw e;
            }
        }
    }

    /** Waits for the debuggee to connect, failing early if it exits first. */
    private static Socket acceptFrom(ServerSocket server, Process process) throws IOException {
        server.setSoTimeout(250);
        long deadline = System.currentTimeMillis() + ACCEPT_TIMEOUT_MS;
        while (true) {
            try {
                return server.accept();
            } catch (SocketTimeoutException e) {
                if (!process.isAlive()) {
                    throw new IOException("the debuggee exited with code " + process.exitValue() + " before connecting");
                }
                if (System.currentTimeMillis() > deadline) {
                    throw e;
                }
            }
        }
    }

    private static String value(Map<String, ? extends Connector.Argument> args, String name) {
        Connector.Argument a = args.get(name);
        return a == null ? null : a.value();
    }

    /** A plain string connector argument. */
    private static final class SimpleArgument implements Connector.StringArgument {
        private static final long serialVersionUID = 1L;
        private final String name;
        private String value;

        SimpleArgument(String name, String value) {
            this.name = name;
            this.value = value;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String label() {
            return name;
        }

        @Override
        public String description() {
            return name;
        }

        @Override
        public String value() {
            return value;
        }

        @Override
        public void setValue(String v) {
            value = v;
        }

        @Override
        public boolean isValid(String v) {
            return true;
        }

        @Override
        public boolean mustSpecify() {
            return false;
        }
    }
}
