package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.adapter.ICompletionsProvider;
import com.microsoft.java.debug.core.adapter.IEvaluationProvider;
import com.microsoft.java.debug.core.adapter.IHotCodeReplaceProvider;
import com.microsoft.java.debug.core.adapter.ISourceLookUpProvider;
import com.microsoft.java.debug.core.adapter.IStackTraceProvider;
import com.microsoft.java.debug.core.adapter.IVirtualMachineManagerProvider;
import com.microsoft.java.debug.core.adapter.ProtocolServer;
import com.microsoft.java.debug.core.adapter.ProviderContext;
import com.microsoft.java.debug.core.adapter.variables.IVariableProvider;
import com.microsoft.java.debug.core.adapter.variables.VariableProvider;
import io.reactivex.plugins.RxJavaPlugins;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Entry point: serves the Debug Adapter Protocol on stdin/stdout.
 *
 * <p>stdout is reserved for DAP frames, so the original stream is handed to the protocol
 * server and {@code System.out} is redirected to stderr before anything else can print.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        InputStream dapIn = System.in;
        OutputStream dapOut = System.out;
        PrintStream err = System.err;
        System.setOut(err);

        // Rx errors that have no subscriber left (typically VMDisconnectedException after the
        // debuggee exits) would otherwise go to the default handler, which kills the thread.
        RxJavaPlugins.setErrorHandler(e -> Log.warn("unhandled async error: " + e));

        ProtocolServer server = new HostProtocolServer(dapIn, dapOut, createProviders());
        Log.info("java-debug-host ready on stdio");
        int status = 0;
        try {
            server.run();
        } catch (Throwable t) {
            Log.error("protocol server failed", t);
            status = 1;
        }
        Log.info("client closed the DAP channel; exiting");
        // The core leaves non-daemon threads behind; it never exits on its own.
        System.exit(status);
    }

    static ProviderContext createProviders() {
        ProviderContext context = new ProviderContext();
        context.registerProvider(IVirtualMachineManagerProvider.class, new VmManagerProvider());
        context.registerProvider(ISourceLookUpProvider.class, new SourceLookupProvider());
        context.registerProvider(IEvaluationProvider.class, new EvaluationProvider());
        context.registerProvider(IHotCodeReplaceProvider.class, new NoHotCodeReplaceProvider());
        context.registerProvider(ICompletionsProvider.class, new NoCompletionsProvider());
        // Also looked up by the 0.34 core (setBreakpoints, stackTrace, step, variables):
        context.registerProvider(IStackTraceProvider.class, new JavaStackTraceProvider());
        context.registerProvider(IVariableProvider.class, new VariableProvider());
        return context;
    }
}
