package fwbench.cuda;

import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;

/** One fatbin loaded into the context: the kernels of one kernels/*.cu file. */
public final class KernelModule {
    private final String name;
    private final CUmodule module;

    KernelModule(String name, CUmodule module) {
        this.name = name;
        this.module = module;
    }

    /** The extern "C" kernel of that name. */
    public Kernel kernel(String function) {
        CUfunction f = new CUfunction();
        JCudaDriver.cuModuleGetFunction(f, module, function);
        return new Kernel(name + "::" + function, f);
    }

    public String name() {
        return name;
    }
}
