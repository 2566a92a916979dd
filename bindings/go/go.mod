module example.invalid/isochron

go 1.26
