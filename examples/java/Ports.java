import java.util.LinkedHashMap;
import java.util.Map;

/** Parses port numbers: one bad value is caught and skipped, the next one escapes uncaught. */
public class Ports {
    static int parsePort(String text) {
        return Integer.parseInt(text);
    }

    static int parseOrDefault(String text, int fallback) {
        try {
            return parsePort(text);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    public static void main(String[] args) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        ports.put("http", parseOrDefault("80x", 8080));
        ports.put("admin", parsePort("90a"));
        System.out.println(ports);
    }
}
