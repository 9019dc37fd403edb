// Passes one line 500 times: the bench's conditional breakpoint there holds only on the last pass.
public class Passes {
    static final int N = 500;

    public static void main(String[] args) {
        long total = 0;
        for (int i = 1; i <= N; i++) {
            total += i; // PASS
        }
        System.out.println(total); // AFTER
    }
}
