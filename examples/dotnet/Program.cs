// A ledger whose running total goes wrong: the fee is charged on deposits too.
using System;
using System.Collections.Generic;

class Account
{
    public string Owner = "ada";
    public List<int> Entries = new();

    public int Post(int amount)
    {
        int fee = amount < 0 ? 1 : 1; // bug: deposits pay the fee as well
        Entries.Add(amount - fee);
        return Balance();
    }

    public int Balance()
    {
        int sum = 0;
        foreach (int e in Entries) sum += e;
        return sum;
    }
}

static class Program
{
    static int Main()
    {
        var acct = new Account();
        int[] amounts = { 40, -15, 70, 5, -90, -12 };
        var tags = new Dictionary<string, int> { ["region"] = 7 };
        int total = 0;
        for (int step = 0; step < amounts.Length; step++)
        {
            total = acct.Post(amounts[step]);
        }
        Console.WriteLine($"final {total} {acct.Owner} has {acct.Entries.Count} entries, region {tags["region"]}");
        return total < 0 ? 3 : 0;
    }
}
