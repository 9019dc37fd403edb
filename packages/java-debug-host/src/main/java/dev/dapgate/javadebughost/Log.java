package dev.dapgate.javadebughost;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Minimal stderr logger (stdout carries the DAP channel). */
final class Log {
    private static final PrintStream ERR = System.err;
    private static final boolean DEBUG = System.getenv("JAVA_DEBUG_HOST_DEBUG") != null;

    private Log() {
    }

    static void info(String message) {
        ERR.println("[java-debug-host] " + message);
    }

    static void debug(String message) {
        if (DEBUG) {
            ERR.println("[java-debug-host] debug: " + message);
        }
    }

    static void warn(String message) {
        ERR.println("[java-debug-host] warning: " + message);
    }

    static void error(String message, Throwable t) {
        StringWriter sw = new StringWriter();
        t.printStackTrace(new PrintWriter(sw));
        ERR.println("[java-debug-host] error: " + message + "\n" + sw);
    }
}
