// Examples for debug_trace: a loop with a branch, a call per iteration, a method that throws.
public class Scores {
    static int scale(int value, int factor) {
        return value * factor;
    }

    static int runningTotal(int[] values) {
        int total = 0;
        for (int i = 0; i < values.length; i++) {
            int v = values[i];
            if (v < 0) {
                total -= 1;
            } else {
                total += scale(v, 2);
            }
        }
        return total;
    }

    static int mean(int[] values) {
        int count = values.length;
        int sum = 0;
        for (int v : values) sum += v;
        return sum / count;
    }

    public static void main(String[] args) {
        int[] longRun = new int[40];
        for (int i = 0; i < 40; i++) longRun[i] = i;
        longRun[12] = -1;
        for (int[] values : new int[][] {longRun, {4, 8, -3, 6}, {5}}) {
            System.out.println("total " + runningTotal(values));
        }
        for (int[] values : new int[][] {{3, 4}, {}, {1}}) {
            try {
                System.out.println("mean " + mean(values));
            } catch (ArithmeticException e) {
                System.out.println("error " + e.getMessage());
            }
        }
    }
}
