package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.adapter.ICompletionsProvider;
import com.microsoft.java.debug.core.protocol.Types.CompletionItem;
import com.sun.jdi.StackFrame;

import java.util.List;

/** The DAP completions request is answered with an empty list. */
final class NoCompletionsProvider implements ICompletionsProvider {
    @Override
    public List<CompletionItem> codeComplete(StackFrame frame, String snippet, int line, int column) {
        return List.of();
    }
}
