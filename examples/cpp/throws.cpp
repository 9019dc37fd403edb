// Parses quantities; a negative one throws std::invalid_argument, caught in main.
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

static int parse_quantity(const std::string &text) {
    int value = std::stoi(text);
    if (value < 0) throw std::invalid_argument("negative quantity: " + text);
    return value;
}

int main() {
    std::vector<std::string> inputs = {"4", "12", "-3", "8"};
    int total = 0;
    try {
        for (const std::string &in : inputs) total += parse_quantity(in);
    } catch (const std::invalid_argument &e) {
        std::cerr << "rejected: " << e.what() << std::endl;
        return 2;
    }
    std::cout << "total " << total << std::endl;
    return 0;
}
