// Stock levels per item; the average skips the last item (an off-by-one over the vector).
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct Item {
    std::string name;
    int count;
    double price;
};

static double average_count(const std::vector<Item> &items) {
    int sum = 0;
    for (size_t i = 0; i + 1 < items.size(); i++) { // bug: leaves out the last item
        sum += items[i].count;
    }
    return items.empty() ? 0.0 : double(sum) / items.size();
}

static int total_count(const std::vector<Item> &items) {
    int total = 0;
    for (const Item &item : items) total += item.count;
    return total;
}

int main() {
    std::vector<Item> items = {{"bolt", 40, 0.1}, {"nut", 15, 0.05}, {"gear", 7, 2.5}, {"spring", 30, 0.2}};
    std::map<std::string, int> byName;
    for (const Item &item : items) byName[item.name] = item.count;
    std::string label = "warehouse-1";
    double avg = average_count(items);
    int total = total_count(items);
    std::cout << label << " average " << avg << " total " << total << " gears " << byName["gear"] << std::endl;
    return 0;
}
