module example.com/dapgate-examples

go 1.21
