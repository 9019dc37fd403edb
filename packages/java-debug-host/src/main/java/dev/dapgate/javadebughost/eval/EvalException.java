package dev.dapgate.javadebughost.eval;

/** An evaluation or parse failure with a message meant for the user. */
public class EvalException extends Exception {
    private static final long serialVersionUID = 1L;
    private final boolean syntax;

    public EvalException(String message) {
        this(message, false);
    }

    public EvalException(String message, boolean syntax) {
        super(message);
        this.syntax = syntax;
    }

    /** True when the expression could not be parsed (or uses unsupported syntax). */
    public boolean isSyntaxError() {
        return syntax;
    }
}
