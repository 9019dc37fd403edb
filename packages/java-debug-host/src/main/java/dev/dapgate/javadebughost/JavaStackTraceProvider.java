package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.adapter.StackTraceProvider;
import com.microsoft.java.debug.core.adapter.formatter.SimpleTypeFormatter;
import com.microsoft.java.debug.core.adapter.stacktrace.DecodedMethod;
import com.sun.jdi.Method;

import java.util.ArrayList;
import java.util.List;

/**
 * The core's stack trace provider, with frame names that include the method name: the
 * 0.34.0+39 build formats frames as {@code Demo.()} instead of {@code Demo.run()}.
 */
final class JavaStackTraceProvider extends StackTraceProvider {
    @Override
    public DecodedMethod decode(Method method) {
        return new NamedMethod(method);
    }

    private record NamedMethod(Method method) implements DecodedMethod {
        @Override
        public String format() {
            StringBuilder sb = new StringBuilder();
            sb.append(SimpleTypeFormatter.trimTypeName(method.declaringType().name())).append('.');
            sb.append(method.isConstructor() ? "<init>" : method.isStaticInitializer() ? "<clinit>" : method.name());
            List<String> args = new ArrayList<>();
            for (String t : method.argumentTypeNames()) {
                args.add(SimpleTypeFormatter.trimTypeName(t));
            }
            sb.append('(').append(String.join(",", args)).append(')');
            if (method.isNative()) {
                sb.append("[native method]");
            }
            return sb.toString();
        }

        @Override
        public boolean isGenerated() {
            return method.isBridge() || method.isSynthetic();
        }
    }
}
