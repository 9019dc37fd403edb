package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.adapter.HotCodeReplaceEvent;
import com.microsoft.java.debug.core.adapter.IHotCodeReplaceProvider;
import io.reactivex.Observable;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** Hot code replace is not supported; the event hub must still be a real (empty) stream. */
final class NoHotCodeReplaceProvider implements IHotCodeReplaceProvider {
    @Override
    public void onClassRedefined(Consumer<List<String>> consumer) {
        // never fires
    }

    @Override
    public CompletableFuture<List<String>> redefineClasses() {
        return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public Observable<HotCodeReplaceEvent> getEventHub() {
        return Observable.empty();
    }
}
